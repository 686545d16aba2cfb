import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import Crypto
@testable import TestHarness

/// Alerts: both directions, reported once, re-armed, kept across runs, a damaged file, bad input.
final class PriceAlertsTests: XCTestCase {
    func testAboveAndBelowAreMetAtOrPastThePrice() {
        let above = PriceAlerts.Alert(id: 1, symbol: "BTC/USD", direction: .above, price: "90000")
        let below = PriceAlerts.Alert(id: 2, symbol: "SHIB/USD", direction: .below, price: "0.00000900")
        XCTAssertTrue(above.isMet(by: 90_000))
        XCTAssertTrue(above.isMet(by: 90_000.01))
        XCTAssertFalse(above.isMet(by: Decimal(string: "89999.99")!))
        XCTAssertTrue(below.isMet(by: Decimal(string: "0.000009")!))
        XCTAssertFalse(below.isMet(by: Decimal(string: "0.00000901")!))
    }

    func testATriggerIsReportedOnceUntilRearmedAndSurvivesARestart() throws {
        let home = try makeTemporaryFolder(self)
        let pinned = ["ALMANAC_TODAY": "2026-11-20"]
        for arguments in [["BTC", "above", "90000"], ["ETH", "below", "3000"], ["BTC", "below", "95000"]] {
            let added = try runAlmanac(["crypto", "alert", "add", "--offline"] + arguments, home: home, environment: pinned)
            XCTAssertEqual(added.status, 0, added.err)
        }
        let first = try runAlmanac(["crypto", "alert", "check", "--offline", "--json"], home: home, environment: pinned)
        XCTAssertEqual(first.status, 0, first.err)
        let fired = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(first.out.utf8)) as? [String: Any])?["triggered"] as? [[String: Any]])
        XCTAssertEqual(fired.map { $0["id"] as? Int }, [1, 3], "BTC (sample 91,234.50) is above 90,000 and below 95,000; ETH is not below 3,000")
        XCTAssertEqual(fired.first?["seenPrice"] as? Double, 91234.5)
        XCTAssertEqual(fired.first?["price"] as? Double, 90000, "prices are numbers, as in the portfolio")
        XCTAssertEqual(fired.first?["source"] as? String, "sample", "set off by the sample data, and it says so")
        XCTAssertEqual(fired.first?["triggeredAt"] as? String, "2026-11-20T12:00:00Z", "when the price was recorded, not now")
        let again = try runAlmanac(["crypto", "alert", "check", "--offline", "--json"], home: home, environment: pinned)
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.out.contains("\"triggered\" : [\n\n  ]") || again.out.contains("\"triggered\" : []"), "shown once: \(again.out)")
        let quiet = try runAlmanac(["crypto", "alert", "check", "--offline"], home: home, environment: pinned)
        XCTAssertEqual(quiet.status, 0, quiet.err)
        XCTAssertEqual(quiet.out, "", "nothing fired: nothing printed, so cron sends no mail")
        let listed = try runAlmanac(["crypto", "alert", "list"], home: home)
        XCTAssertTrue(listed.out.contains("Alert 1: BTC/USD above 90,000.00 — 91,234.50 at"), listed.out)
        XCTAssertTrue(listed.out.contains("Alert 2: ETH/USD below 3,000.00 — armed."), listed.out)
        XCTAssertEqual(try runAlmanac(["crypto", "alert", "rearm", "1"], home: home).status, 0)
        let watchlist = try runAlmanac(["crypto", "--offline"], home: home, environment: pinned)
        XCTAssertTrue(
            watchlist.out.contains("Alert 1: BTC/USD above 90,000.00 — 91,234.50 at"), "re-armed, set off by the watchlist's prices: \(watchlist.out)"
        )
        XCTAssertFalse(try runAlmanac(["crypto", "--offline"], home: home, environment: pinned).out.contains("Alert 1"), "then not again")
        assertOneLineError(try runAlmanac(["crypto", "alert", "remove", "7"], home: home), status: 64, contains: "No alert 7 (there are 1, 2, 3).")
        for (arguments, words) in [
            (["BTC", "sideways", "5"], "above or below"), (["BTC", "above", "abc"], "must be a number"), (["BTC", "above", "0"], "more than 0"),
        ] {
            assertOneLineError(
                try runAlmanac(["crypto", "alert", "add", "--offline"] + arguments, home: home, environment: pinned), status: 64, contains: words)
        }
    }

    func testADamagedAlertsFileIsKeptAsideWithExit65() throws {
        let home = try makeTemporaryFolder(self)
        _ = try writeDamagedDocument("alerts.json", text: #"{"schema":1,"data":{"alerts":[{"id":"#, home: home)
        assertOneLineError(try runAlmanac(["crypto", "alert", "list"], home: home), status: 65, contains: "alerts file was damaged")
    }

    /// `--notify`: each triggered alert sent once, with the notification command's arguments; a
    /// re-armed alert set off again by the same stored price at the same instant is the same
    /// trigger, not sent again. Kraken live on a loopback server.
    func testCheckNotifySendsEachTriggerOnce() throws {
        let home = try makeTemporaryFolder(self)
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let (command, log) = try NotifyScript.make(in: home)
        let live = server.environment.merging(["ALMANAC_NOTIFY_COMMAND": command]) { _, new in new }
        XCTAssertEqual(try runAlmanac(["crypto", "alert", "add", "BTC", "above", "90000"], home: home, environment: live).status, 0)
        let first = try runAlmanac(["crypto", "alert", "check", "--notify"], home: home, environment: live)
        XCTAssertEqual(first.status, 0, first.err)
        var calls = NotifyScript.calls(log)
        XCTAssertEqual(calls.count, 1, "\(calls)")
        XCTAssertEqual(Array(calls[0].prefix(3)), ["--app-name=Almanac", "--urgency=normal", "BTC/USD above 90,000.00"])
        XCTAssertTrue(calls[0][3].hasPrefix("Alert 1: BTC/USD above 90,000.00 — "), "\(calls[0])")
        XCTAssertEqual(try runAlmanac(["crypto", "alert", "check", "--notify"], home: home, environment: live).status, 0)
        XCTAssertEqual(NotifyScript.calls(log).count, 1, "sent once")
        XCTAssertEqual(try runAlmanac(["crypto", "alert", "rearm", "1"], home: home).status, 0)
        XCTAssertEqual(try runAlmanac(["crypto", "alert", "check", "--notify"], home: home, environment: live).status, 0)
        calls = NotifyScript.calls(log)
        XCTAssertEqual(calls.count, 1, "triggered again from the same stored price at the same instant: the same trigger, not sent again")
    }

    /// Sample data never sends a notification (a recording is not the price now), and the alert
    /// line is printed whatever the notifier does.
    func testSampleDataIsNeverNotifiedAndTheAlertLineIsAlwaysPrinted() throws {
        let home = try makeTemporaryFolder(self)
        let (command, log) = try NotifyScript.make(in: home)
        let pinned = ["ALMANAC_TODAY": "2026-11-20", "ALMANAC_NOTIFY_COMMAND": command]
        XCTAssertEqual(try runAlmanac(["crypto", "alert", "add", "--offline", "BTC", "above", "90000"], home: home, environment: pinned).status, 0)
        let sample = try runAlmanac(["crypto", "alert", "check", "--offline", "--notify"], home: home, environment: pinned)
        XCTAssertEqual(sample.status, 0, sample.err)
        XCTAssertTrue(sample.out.contains("Alert 1: BTC/USD above 90,000.00"), sample.out)
        XCTAssertTrue(sample.err.contains("no notification was sent"), sample.err)
        XCTAssertEqual(NotifyScript.calls(log), [], "never from sample data")
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let missing = server.environment.merging(["ALMANAC_NOTIFY_COMMAND": "/nonexistent/notify-send"]) { _, new in new }
        XCTAssertEqual(try runAlmanac(["crypto", "alert", "rearm", "1"], home: home).status, 0)
        let failed = try runAlmanac(["crypto", "alert", "check", "--notify"], home: home, environment: missing)
        assertOneLineError(failed, status: 69, contains: "/nonexistent/notify-send could not be run")
        XCTAssertTrue(failed.out.contains("Alert 1: BTC/USD above 90,000.00"), "printed though the notifier could not run: \(failed.out)")
    }
}
