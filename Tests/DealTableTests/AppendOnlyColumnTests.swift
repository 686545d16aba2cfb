import Foundation
import XCTest

@testable import AlmanacCore
@testable import DealTable

final class AppendOnlyColumnTests: XCTestCase {
    /// Copies behave as values: what one appends the other never sees, whichever appends first.
    func testCopiesKeepValueSemantics() {
        var live = AppendOnlyColumn<Int64>()
        for value in 0..<10 { live.append(Int64(value)) }
        var copy = live
        copy.append(100)
        live.append(10)
        live.append(11)
        copy.append(101)
        XCTAssertEqual(Array(live), Array(0...11).map(Int64.init))
        XCTAssertEqual(Array(copy), Array(0..<10).map(Int64.init) + [100, 101])
    }

    /// Appending within the reserved room writes in place even while a snapshot is held: the
    /// owner never copies the column (a re-sort's snapshot used to cost a copy of 160 MB at 10M).
    func testASnapshotCostsNoCopyOfTheLiveColumn() {
        var live = AppendOnlyColumn<Double>()
        live.reserve(1_000)
        for value in 0..<500 { live.append(Double(value)) }
        let before = live.withUnsafeBufferPointer { $0.baseAddress }
        let snapshot = live
        for value in 500..<1_000 { live.append(Double(value)) }
        XCTAssertEqual(live.withUnsafeBufferPointer { $0.baseAddress }, before, "no move while within the reserve")
        XCTAssertEqual(snapshot.count, 500)
        XCTAssertEqual(snapshot.last, 499)
        XCTAssertEqual(live.count, 1_000)
    }

    /// A snapshot read on another thread sees exactly the rows it was taken with while the owner
    /// appends — past the reserve too, so the live column moves to a bigger buffer meanwhile.
    func testASnapshotReadElsewhereWhileTheOwnerAppendsAndGrows() {
        var live = AppendOnlyColumn<Int64>()
        live.reserve(100_000)
        for value in 0..<100_000 { live.append(Int64(value) * 3) }
        let snapshot = live
        let sums = Sums()
        let threads = (0..<4).map { _ in
            Thread {
                for _ in 0..<20 { sums.add(snapshot.withUnsafeBufferPointer { $0.reduce(0, &+) } &+ snapshot[99_999]) }
            }
        }
        for thread in threads { thread.start() }
        for value in 100_000..<1_000_000 { live.append(Int64(value) * 3) }
        while threads.contains(where: { !$0.isFinished }) { usleep(1_000) }  // the readers, on their threads, finish
        let expected = (0..<Int64(100_000)).reduce(0) { $0 &+ $1 * 3 } &+ 299_997
        XCTAssertEqual(sums.values, Array(repeating: expected, count: 80))
        XCTAssertEqual(live.count, 1_000_000)
        XCTAssertEqual(live[999_999], 2_999_997)
        XCTAssertGreaterThanOrEqual(live.capacity, 1_000_000)
    }
}

/// Results gathered from several threads.
private final class Sums: @unchecked Sendable {
    // @unchecked: `values` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: [Int64] = []
    var values: [Int64] { lock.withLock { stored } }
    func add(_ value: Int64) { lock.withLock { stored.append(value) } }
}
