import AlmanacClient
import AlmanacCore
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// Crypto through the built binary: `crypto list --watch` in a terminal (tmux) within the credit
/// budget, and Ctrl+C during a watchlist update.
final class CryptoProcessTests: XCTestCase {
    func testWatchInATerminalIsLiveWithinTheBudgetAndQAndCtrlCRestoreIt() throws {
        try requireTmux()
        let credits = CreditWindow(perMinute: 8)
        let server = try FixtureServer(fixtures: repositoryFixtures, credits: credits)
        let home = try makeTemporaryFolder(self)
        var environment = server.environment
        environment["TWELVEDATA_API_KEY"] = "TD-WATCH-SECRET-77"
        environment["ALMANAC_TODAY"] = "2026-11-20"
        let output = try runScript("watch-in-tmux.sh", home: home, environment: environment)
        let screens = steps(output)
        let first = screens["first"] ?? ""
        XCTAssertTrue(first.contains("[1 Crypto]") || first.contains("1 Crypto"), first)
        XCTAssertTrue(first.contains("BTC/USD   Bitcoin   91,234.50"), first)
        XCTAssertTrue(first.contains("Twelve Data: live · next update in 6"), "the status line says when: \(first)")
        XCTAssertTrue(first.contains("credits this minute"), first)
        XCTAssertFalse(first.contains("TD-WATCH-SECRET-77"))
        for (step, run) in [("quit", "q"), ("interrupted", "interrupt")] {
            XCTAssertTrue(screens[step]?.contains("EXIT=0") ?? false, "\(step): \(screens[step] ?? output)")
            XCTAssertFalse(screens[step]?.contains("Watchlist") ?? true, "\(step): the full screen is gone")
            let before = try String(contentsOf: home.appendingPathComponent("stty-before-\(run).txt"), encoding: .utf8)
            XCTAssertEqual(try String(contentsOf: home.appendingPathComponent("stty-after-\(run).txt"), encoding: .utf8), before, step)
        }
        XCTAssertLessThanOrEqual(credits.mostInAnyWindow, 8)
        XCTAssertEqual(credits.refused, 0)
        XCTAssertEqual(server.requests.filter { $0.path.hasSuffix("/quote") }.count, 1, "the second run found the first one's prices fresh")
    }

    /// Ctrl+C while the first of two quote batches is on its way: the transfer stops, the second
    /// batch is never sent, and no credit is spent after the cancellation.
    func testACancelledWatchlistUpdateSendsNoFurtherBatch() throws {
        let credits = CreditWindow(perMinute: 100)
        let server = try FixtureServer(fixtures: repositoryFixtures, credits: credits) { provider, request in
            provider == .twelveData && request.path.hasSuffix("/quote") ? .hang(seconds: 20) : nil
        }
        let home = try makeTemporaryFolder(self)
        for pair in ["Litecoin", "Polkadot", "BCH/USD", "AVAX/USD"] {
            XCTAssertEqual(try runAlmanac(["crypto", "add", pair, "--offline"], home: home).status, 0, pair)
        }
        let environment = server.freePlanEnvironment(["TWELVEDATA_CREDITS_PER_MINUTE": "100"])
        let quotes = { server.requests.filter { $0.path.hasSuffix("/quote") } }
        let result = try runAlmanacBinary(["crypto"], home: home, environment: environment) { process in
            _ = waitUntil(seconds: 10) { !quotes().isEmpty }
            process.interrupt()
        }
        assertOneLineError(result, status: 130, contains: "almanac: interrupted")
        XCTAssertTrue(waitUntil { server.server.closedByClient == 1 }, "the hanging transfer was stopped")
        let spent = credits.totalAccepted
        Thread.sleep(forTimeInterval: 0.5)  // real time: nothing more is sent (no event can say so)
        XCTAssertEqual(quotes().count, 1, "ten pairs are two batches; the second was never sent")
        XCTAssertEqual(quotes().first?.queryValue("symbol")?.split(separator: ",").count, 8)
        XCTAssertEqual(credits.totalAccepted, spent, "no credit after the cancellation")
    }
}
