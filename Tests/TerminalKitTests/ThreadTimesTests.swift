import Foundation
import Synchronization
import XCTest

@testable import TerminalKit

/// What the frame log says a slow frame did: ran, waited for a core, or was blocked.
final class ThreadTimesTests: XCTestCase {
    func testThreadsThatOutnumberTheCoresWaitInTheRunQueue() throws {
        guard FileManager.default.isReadableFile(atPath: "/proc/thread-self/schedstat") else {
            throw XCTSkip("this kernel keeps no scheduler statistics")
        }
        let threads = 2 * ProcessInfo.processInfo.activeProcessorCount + 1
        let spans = Mutex<[ThreadTimes]>([])
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                let start = ThreadTimes.now()
                let until = Date(timeIntervalSinceNow: 0.3)
                var sink = 0.0
                while Date() < until { sink += sink.squareRoot() + 1 }
                let span = ThreadTimes.now() - start
                spans.withLock { $0.append(span) }
                if sink < 0 { print(sink) }
                group.leave()
            }
        }
        group.wait()
        let queued = spans.withLock { $0.map(\.queued).reduce(0, +) }
        XCTAssertGreaterThan(queued, 0.05, "\(threads) busy threads on fewer cores waited for one")
    }

    func testASleepingThreadNeitherRunsNorWaitsForACore() {
        let start = ThreadTimes.now()
        Thread.sleep(forTimeInterval: 0.1)  // the sleep is what is measured
        let span = ThreadTimes.now() - start
        XCTAssertLessThan(span.cpu + span.queued, 0.05, "its 100 ms count as blocked")
    }

    func testStolenTimeIsTheStealColumnOfTheMachinesProcessorLine() throws {
        #if os(Linux)
            let before = ThreadTimes.now().stolen
            let line = try String(contentsOfFile: "/proc/stat", encoding: .utf8).split(separator: "\n")[0]
            let after = ThreadTimes.now().stolen
            let fields = line.split(separator: " ")
            XCTAssertEqual(fields[0], "cpu")
            let steal = try XCTUnwrap(Double(fields[8])) / Double(sysconf(Int32(_SC_CLK_TCK)))
            XCTAssertLessThanOrEqual(before, steal, "\(line)")
            XCTAssertGreaterThanOrEqual(after, steal, "\(line)")
        #endif
    }
}
