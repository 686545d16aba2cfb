import Foundation
import Synchronization
import XCTest

@testable import AlmanacCore

/// The drawing thread's request for short slices: the kernel takes it for that thread only,
/// and the thread keeps its normal priority.
final class DrawingThreadTests: XCTestCase {
    func testTheSliceIsSetForTheCallingThreadOnly() throws {
        guard FileManager.default.isReadableFile(atPath: "/proc/thread-self/sched") else {
            throw XCTSkip("this kernel keeps no per-thread scheduler details")
        }
        let before = try Self.slice()
        let done = expectation(description: "thread")
        let seen = Mutex<(taken: Bool, slice: Int?, nice: Int32)>((false, nil, 99))
        Thread.detachNewThread {
            let taken = DrawingThread.preferShortSlices()
            let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            seen.withLock { $0 = (taken, try? Self.slice(), nice) }
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        let (taken, slice, nice) = seen.withLock { $0 }
        guard taken else { throw XCTSkip("this kernel does not take a slice for normal threads") }
        XCTAssertEqual(slice, Int(DrawingThread.slice))
        XCTAssertEqual(nice, 0, "the thread keeps nice 0")
        XCTAssertEqual(try Self.slice(), before, "other threads keep theirs")
    }

    /// The calling thread's slice in nanoseconds, from `/proc/thread-self/sched`.
    private static func slice() throws -> Int {
        let text = try String(contentsOfFile: "/proc/thread-self/sched", encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("se.slice") })
        return try XCTUnwrap(Int(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)))
    }
}
