import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import TestHarness

/// `--follow` as a bar runs it, a process that keeps running (docs/status-bars.md, "Continuous
/// mode"): a line when the text changes, never a repeat.
final class FollowTests: XCTestCase {
    func testAFollowerPrintsALineOnlyWhenTheTextChanges() throws {
        let home = try makeTemporaryFolder(self)
        let today = ["ALMANAC_TODAY": "2026-11-21"]
        XCTAssertEqual(try runAlmanac(["exams", "add", "Physics", "--date", "2026-12-10 09:00"], home: home, environment: today).status, 0)
        let process = Process()
        process.executableURL = productsFolder.appendingPathComponent("almanac")
        process.arguments = ["line", "%e", "--follow"]
        process.environment = runEnvironment(home: home, today.merging(["ALMANAC_FOLLOW_EVERY": "0.2"]) { _, new in new })
        let output = Pipe()
        let lines = Mutex("")
        output.fileHandleForReading.readabilityHandler = { handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            lines.withLock { $0 += text }
        }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        addTeardownBlock { if process.isRunning { process.terminate() } }
        func printed() -> [String] { lines.withLock { $0.split(separator: "\n").map(String.init) } }

        XCTAssertTrue(waitUntil(seconds: 10) { printed().count == 1 }, "the first line: \(printed())")
        XCTAssertTrue(printed()[0].contains("Physics"), "\(printed())")
        // A later exam leaves the next one as it was: several turns go by, nothing printed.
        XCTAssertEqual(try runAlmanac(["exams", "add", "Chemistry", "--date", "2026-12-20 09:00"], home: home, environment: today).status, 0)
        Thread.sleep(forTimeInterval: 1)  // five turns of the follower's real clock, each a chance to repeat
        XCTAssertEqual(printed().count, 1, "no repeat: \(printed())")
        // An earlier exam is the next one now: one new line.
        XCTAssertEqual(try runAlmanac(["exams", "add", "Biology", "--date", "2026-12-01 09:00"], home: home, environment: today).status, 0)
        XCTAssertTrue(waitUntil(seconds: 10) { printed().count == 2 }, "\(printed())")
        XCTAssertTrue(printed()[1].contains("Biology"), "\(printed())")
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(printed().count, 2, "\(printed())")
    }
}
