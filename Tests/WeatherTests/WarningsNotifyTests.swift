import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import TestHarness

/// `weather warnings --notify` through the binary against a loopback MET Norway, with the
/// notification command replaced by a script that logs its arguments: each warning once, again
/// when it changes, none from sample data, and a command that cannot run leaves nothing marked.
final class WarningsNotifyTests: XCTestCase {
    private static func gale(_ headline: String = "Gale, yellow level") -> String {
        let now = Date()
        let stamp = { (date: Date) in ISO8601DateFormatter().string(from: date).replacingOccurrences(of: "Z", with: "+00:00") }
        return OfficialWarningsTests.metAlerts.replacingOccurrences(of: "2024-03-04T17:00:00+00:00", with: stamp(now.addingTimeInterval(-3600)))
            .replacingOccurrences(of: "2024-03-05T15:00:00+00:00", with: stamp(now.addingTimeInterval(3 * 3600)))
            .replacingOccurrences(of: "Gale, yellow level", with: headline)
    }

    func testEachWarningIsNotifiedOnceAndAgainWhenItChanges() throws {
        let home = try makeTemporaryFolder(self)
        let (command, log) = try NotifyScript.make(in: home)
        let answer = Mutex(Self.gale())
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
        answer.withLock { $0 = Self.gale("Gale, yellow level, upgraded <stronger> & longer") }
        XCTAssertEqual(try runAlmanac(["weather", "warnings", "58.4,5.9", "--notify"], home: home, environment: environment).status, 0)
        XCTAssertEqual(NotifyScript.calls(log).count, 2, "a changed warning is sent again")
        XCTAssertTrue(NotifyScript.calls(log)[1][3].contains("&lt;stronger&gt; &amp; longer"), "markup escaped: \(NotifyScript.calls(log)[1])")
        let state = home.appendingPathComponent("state/notified.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: state.path), "remembered in the state folder")
    }

    func testACommandThatCannotRunOrFailsIsOneLineExit69AndMarksNothing() throws {
        let home = try makeTemporaryFolder(self)
        let answer = Self.gale()
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
        let answer = Self.gale()
        let met = try LoopbackServer { _ in .json(answer) }
        let (command, log) = try NotifyScript.make(in: home)
        let clock = Date()
        var second: RunResult?
        let first = try runAlmanac(
            ["weather", "warnings", "58.4,5.9", "--notify", "--timeout", "4"], home: home,
            environment: ["ALMANAC_METNO_URL": met.baseURL, "ALMANAC_NOTIFY_COMMAND": hanging.path]
        ) { _ in
            XCTAssertTrue(waitUntil(seconds: 10) { FileManager.default.fileExists(atPath: started.path) }, "the notifier started")
            let before = Date()
            second = try? runAlmanac(
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
        let answer = Self.gale()
        let met = try LoopbackServer { _ in .json(answer) }
        let result = try runAlmanac(
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
