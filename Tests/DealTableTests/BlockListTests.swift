import Foundation
import XCTest

@testable import AlmanacCore
@testable import DealTable

/// The view's block order in pages: entries merged at random across many pages, and one merge
/// that splits a block into more blocks than a page holds, read back in (key, id) order.
final class BlockListTests: XCTestCase {
    /// Keys of rows `0..<n` (ids are the row numbers: the tie while ids arrive in order).
    private func randomKeys(_ n: Int, seed: UInt64, spread: UInt64) -> [UInt64] {
        var generator = SplitMix64(seed: seed)
        return (0..<n).map { _ in generator.next() % spread }
    }

    private func expectedOrder(_ keys: [UInt64]) -> [UInt32] {
        keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map { UInt32($0) }
    }

    /// Merges rows `range` as one chunk, sorted among themselves by (key, row).
    private func insert(_ range: Range<Int>, keys: [UInt64], into view: inout SortedBlocks) {
        let rows = range.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map { UInt32($0) }
        view.insert(keys: rows.map { keys[Int($0)] }, rows: rows) { Int64($0) }
    }

    private func assertReadsInOrder(_ view: SortedBlocks, keys: [UInt64], file: StaticString = #filePath, line: UInt = #line) {
        let expected = expectedOrder(keys)
        XCTAssertEqual(view.count, keys.count, file: file, line: line)
        let live = (0..<view.slotCount).filter { view.list.isLive($0) }
        XCTAssertEqual(live.count, view.blockCount, file: file, line: line)
        XCTAssertTrue(
            live.allSatisfy { view.list.counts[$0] == view.fill[Int(view.list.blocks[$0])] }, "each slot counts its block", file: file, line: line)
        XCTAssertTrue(view.rows(from: 0, to: view.count) { Int64($0) } == expected, "the whole view in (key, id) order", file: file, line: line)
        for position in stride(from: 0, to: expected.count, by: 997) {
            let row = expected[position]
            XCTAssertEqual(view.row(at: position) { Int64($0) }, row, "row at \(position)", file: file, line: line)
            XCTAssertEqual(view.position(key: keys[Int(row)], id: Int64(row)) { Int64($0) }, position, file: file, line: line)
        }
        let middle = expected.count / 2
        XCTAssertEqual(view.rows(from: middle, to: middle + 300) { Int64($0) }, Array(expected[middle..<middle + 300]), file: file, line: line)
    }

    func testRandomChunksSplitBlocksAndPagesAndStayInOrder() {
        let n = 200_000
        let keys = randomKeys(n, seed: 21, spread: 50_000)  // ties too
        var view = SortedBlocks()
        for start in stride(from: 0, to: n, by: 512) { insert(start..<min(n, start + 512), keys: keys, into: &view) }
        XCTAssertGreaterThan(view.list.pageFill.count, 3, "pages split")
        XCTAssertEqual(view.list.pageFill.reduce(0) { $0 + Int($1) }, view.blockCount)
        assertReadsInOrder(view, keys: keys)
        // A walk over every slot keeps every row, in order, skipping the unused slots.
        var found = (rows: [UInt32](), keys: [UInt64](), firstIDs: [Int64]())
        let bits = [UInt64](repeating: .max, count: n / 64 + 1)
        view.collect(blocks: 0..<view.slotCount, end: n, bits: bits, tie: { Int64($0) }, into: &found)
        XCTAssertTrue(found.rows == expectedOrder(keys), "the walk in (key, id) order")
    }

    func testOneMergeLargerThanAPageOfBlocks() {
        let n = 120_000  // one group into one block: about 470 blocks, more than a page holds
        let keys = randomKeys(n, seed: 5, spread: 1 << 40)
        var view = SortedBlocks()
        insert(0..<1_000, keys: keys, into: &view)
        insert(1_000..<n, keys: keys, into: &view)
        XCTAssertGreaterThan(view.blockCount, BlockList.pageCapacity)
        assertReadsInOrder(view, keys: keys)
    }

    func testABuiltViewTakesSplitsAcrossItsPages() {
        let n = 150_000
        let keys = randomKeys(n, seed: 9, spread: 1 << 30)
        let built = expectedOrder(Array(keys[0..<100_000]))
        var view = SortedBlocks()
        view.build(built, keys: built.map { keys[Int($0)] }, ids: built.map { Int64($0) }, reserve: n)
        let pages = view.list.pageFill.count
        for start in stride(from: 100_000, to: n, by: 2_048) { insert(start..<min(n, start + 2_048), keys: keys, into: &view) }
        XCTAssertGreaterThan(view.list.pageFill.count, pages, "pages split")
        assertReadsInOrder(view, keys: keys)
    }
}
