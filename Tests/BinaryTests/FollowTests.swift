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
        let follower = try LongRun(
            ["line", "%e", "--follow"], home: home, environment: today.merging(["ALMANAC_FOLLOW_EVERY": "0.2"]) { _, new in new }, test: self)
        func printed() -> [String] { follower.out.split(separator: "\n").map(String.init) }

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
        follower.process.terminate()
        follower.process.waitUntilExit()
        XCTAssertEqual(printed().count, 2, "\(printed())")
    }
}
