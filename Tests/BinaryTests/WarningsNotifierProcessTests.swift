import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import TestHarness

/// `weather warnings --notify` as a process: a notifier that hangs is stopped at the deadline
/// and holds no lock another process waits on; Ctrl+C while it runs is exit 130.
final class WarningsNotifierProcessTests: XCTestCase {
    /// A notification command that never returns, as a frozen notification daemon makes
    /// `notify-send`: it writes its pid to `started`, then sleeps a minute.
    private static func hangingNotifier(in home: URL) throws -> (command: URL, started: URL) {
        let started = home.appendingPathComponent("notifier-started")
        let hanging = home.appendingPathComponent("hanging-notify")
        try "#!/bin/sh\necho $$ > '\(started.path)'\nexec sleep 60\n".write(to: hanging, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hanging.path)
        return (hanging, started)
    }

    /// A notifier that never returns (a frozen notification daemon): stopped at the command's
    /// deadline, exit 69; no lock is held while it runs, so a second run meanwhile ends at once
    /// (the first run's claim: it sends nothing twice); what was not sent goes next run.
    func testAHangingNotifierIsStoppedAtTheDeadlineAndHoldsNoLock() throws {
        let home = try makeTemporaryFolder(self)
        let (hanging, started) = try Self.hangingNotifier(in: home)
        let answer = WarningAnswers.gale()
        let met = try LoopbackServer { _ in .json(answer) }
        let (command, log) = try NotifyScript.make(in: home)
        let clock = Date()
        var second: RunResult?
        let first = try runAlmanacBinary(
            ["weather", "warnings", "58.4,5.9", "--notify", "--timeout", "4"], home: home,
            environment: ["ALMANAC_METNO_URL": met.baseURL, "ALMANAC_NOTIFY_COMMAND": hanging.path]
        ) { _ in
            XCTAssertTrue(waitUntil(seconds: 10) { FileManager.default.fileExists(atPath: started.path) }, "the notifier started")
            let before = Date()
            second = try? runAlmanacBinary(
                ["weather", "warnings", "58.4,5.9", "--notify"], home: home,
                environment: ["ALMANAC_METNO_URL": met.baseURL, "ALMANAC_NOTIFY_COMMAND": command])
            XCTAssertLessThan(Date().timeIntervalSince(before), 3, "no lock held while the notifier runs")
        }
        XCTAssertLessThan(Date().timeIntervalSince(clock), 8, "bounded by --timeout 4")
        assertOneLineError(first, status: 69, contains: "did not finish within the command's time")
        XCTAssertEqual(second?.status, 0, second?.err ?? "")
        XCTAssertEqual(NotifyScript.calls(log).count, 0, "claimed by the first run: not sent twice at once")
        let third = try runAlmanac(
            ["weather", "warnings", "58.4,5.9", "--notify"], home: home,
            environment: ["ALMANAC_METNO_URL": met.baseURL, "ALMANAC_NOTIFY_COMMAND": command])
        XCTAssertEqual(third.status, 0, third.err)
        XCTAssertEqual(NotifyScript.calls(log).count, 1, "what was not sent is sent next run")
    }

    /// Ctrl+C while the notifier runs ends the command as interrupted (130), the notifier stopped.
    func testCtrlCWhileTheNotifierRunsIsExit130() throws {
        let home = try makeTemporaryFolder(self)
        let (hanging, started) = try Self.hangingNotifier(in: home)
        let answer = WarningAnswers.gale()
        let met = try LoopbackServer { _ in .json(answer) }
        let result = try runAlmanacBinary(
            ["weather", "warnings", "58.4,5.9", "--notify"], home: home,
            environment: ["ALMANAC_METNO_URL": met.baseURL, "ALMANAC_NOTIFY_COMMAND": hanging.path]
        ) { process in
            XCTAssertTrue(waitUntil(seconds: 10) { FileManager.default.fileExists(atPath: started.path) }, "the notifier started")
            kill(process.processIdentifier, SIGINT)
        }
        XCTAssertEqual(result.status, 130, result.err)
        XCTAssertTrue(result.err.contains("almanac: interrupted"), result.err)
        let pid = Int32((try? String(contentsOf: started, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        XCTAssertTrue(pid > 0 && kill(pid, 0) != 0, "the notifier was stopped")
    }
}
