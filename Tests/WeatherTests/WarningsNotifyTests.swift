import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import TestHarness

/// `weather warnings --notify` run in process against a loopback MET Norway, with the
/// notification command replaced by a script that logs its arguments: each warning once, again
/// when it changes, none from sample data, and a command that cannot run leaves nothing marked.
final class WarningsNotifyTests: XCTestCase {
    func testEachWarningIsNotifiedOnceAndAgainWhenItChanges() throws {
        let home = try makeTemporaryFolder(self)
        let (command, log) = try NotifyScript.make(in: home)
        let answer = Mutex(WarningAnswers.gale())
        let met = try LoopbackServer { _ in .json(answer.withLock { $0 }, headers: ["cache-control": "no-store"]) }
        let environment = ["ALMANAC_METNO_URL": met.baseURL, "ALMANAC_NOTIFY_COMMAND": command]
        let first = try runAlmanac(["weather", "warnings", "58.4,5.9", "--notify"], home: home, environment: environment)
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertTrue(first.out.contains("⚠ Yellow · moderate — Gale"), "still printed: \(first.out)")
        let calls = NotifyScript.calls(log)
        XCTAssertEqual(calls.count, 1, "\(calls)")
        XCTAssertEqual(Array(calls[0].prefix(3)), ["--app-name=Almanac", "--urgency=normal", "⚠ Yellow · Gale — 58.4000,5.9000"])
        XCTAssertTrue(calls[0][3].hasPrefix("Gale, yellow level"), "the body opens with the headline: \(calls[0])")
        XCTAssertTrue(calls[0].contains("Issued by MET Norway"), "\(calls[0])")
        XCTAssertEqual(try runAlmanac(["weather", "warnings", "58.4,5.9", "--notify"], home: home, environment: environment).status, 0)
        XCTAssertEqual(NotifyScript.calls(log).count, 1, "the same warning is not sent twice")
        answer.withLock { $0 = WarningAnswers.gale("Gale, yellow level, upgraded <stronger> & longer") }
        XCTAssertEqual(try runAlmanac(["weather", "warnings", "58.4,5.9", "--notify"], home: home, environment: environment).status, 0)
        XCTAssertEqual(NotifyScript.calls(log).count, 2, "a changed warning is sent again")
        XCTAssertTrue(NotifyScript.calls(log)[1][3].contains("&lt;stronger&gt; &amp; longer"), "markup escaped: \(NotifyScript.calls(log)[1])")
        let state = home.appendingPathComponent("state/notified.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: state.path), "remembered in the state folder")
    }

    func testACommandThatCannotRunOrFailsIsOneLineExit69AndMarksNothing() throws {
        let home = try makeTemporaryFolder(self)
        let answer = WarningAnswers.gale()
        let met = try LoopbackServer { _ in .json(answer) }
        var environment = ["ALMANAC_METNO_URL": met.baseURL]
        environment["ALMANAC_NOTIFY_COMMAND"] = "/nonexistent/notify-send"
        let missing = try runAlmanac(["weather", "warnings", "58.4,5.9", "--notify"], home: home, environment: environment)
        assertOneLineError(missing, status: 69, contains: "/nonexistent/notify-send could not be run")
        XCTAssertTrue(missing.out.contains("Gale"), "the warnings are printed first: \(missing.out)")
        let refusing = home.appendingPathComponent("refusing-notify")
        try "#!/bin/sh\nexit 1\n".write(to: refusing, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: refusing.path)
        environment["ALMANAC_NOTIFY_COMMAND"] = refusing.path
        let refused = try runAlmanac(["weather", "warnings", "58.4,5.9", "--notify"], home: home, environment: environment)
        assertOneLineError(refused, status: 69, contains: "refusing-notify exited with status 1; what was not sent is tried again next run.")
        let (command, log) = try NotifyScript.make(in: home)
        environment["ALMANAC_NOTIFY_COMMAND"] = command
        XCTAssertEqual(try runAlmanac(["weather", "warnings", "58.4,5.9", "--notify"], home: home, environment: environment).status, 0)
        XCTAssertEqual(NotifyScript.calls(log).count, 1, "what was not sent is sent next run")
    }

    func testSampleWarningsAreNeverNotified() throws {
        let home = try makeTemporaryFolder(self)
        let (command, log) = try NotifyScript.make(in: home)
        let result = try runAlmanac(
            ["weather", "warnings", "Oslo", "--offline", "--notify"], home: home, environment: ["ALMANAC_NOTIFY_COMMAND": command])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.err.contains("note: these warnings are sample data; no notification was sent."), result.err)
        XCTAssertEqual(NotifyScript.calls(log), [], "a recording is not the weather now")
    }
}
