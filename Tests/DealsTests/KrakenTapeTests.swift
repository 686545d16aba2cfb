import AlmanacProviders
import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import DealTable
@testable import Deals
@testable import TestHarness

/// Kraken's trades as a deal source: the cursor across polls (no gap, no duplicate), a dropped
/// connection resumed from the same cursor, and `deals top` on the first answers.
final class KrakenTapeTests: XCTestCase {
    func testTheCursorGoesOnWithNoGapAndNoDuplicateAcrossADroppedConnection() throws {
        let tape = KrakenTapeServer()
        var kraken = KrakenTape(pairs: ["BTC/USD"], baseURL: tape.server.baseURL)
        kraken.interval = 0.02
        let inbox = DealInbox()
        DealSource.kraken(kraken).start(into: inbox)
        defer { inbox.close() }
        var deals: [Deal] = []
        XCTAssertTrue(
            waitUntil(seconds: 10) {
                deals += inbox.take(wait: false).flatMap { $0 }
                return deals.count >= 6
            }, "\(deals.count) deals")
        Thread.sleep(forTimeInterval: 0.2)  // real time: no trade comes twice (no event can say so)
        deals += inbox.take(wait: false).flatMap { $0 }
        XCTAssertEqual(deals.map(\.price), [91000, 91010, 91020, 91030, 91040, 91050], "every trade once, in order")
        XCTAssertEqual(Set(deals.map(\.id)).count, 6)
        XCTAssertEqual(deals.map(\.side), [.buy, .sell, .buy, .sell, .buy, .sell])
        XCTAssertEqual(deals.first?.instrumentName, "BTC/USD")
        XCTAssertEqual(deals.first?.amount, 0.5)
        let sinces = tape.sinces.withLock { $0 }
        XCTAssertEqual(Array(sinces.prefix(4)), ["-", "100", "200", "200"], "the dropped poll is asked again from the same cursor")
        XCTAssertNil(inbox.failure, "recovered: no failure left in the footer")
    }

    func testTopReadsTheFirstAnswersAndAnUnknownPairSaysSo() throws {
        let tape = KrakenTapeServer()
        let home = try makeTemporaryFolder(self)
        let top = try runAlmanac(
            ["deals", "top", "--source", "kraken:BTC/USD", "--sort", "price", "--limit", "2", "--json"], home: home,
            environment: ["ALMANAC_KRAKEN_URL": tape.server.baseURL])
        XCTAssertEqual(top.status, 0, top.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(top.out.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(object["items"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["price"] as? Double }, [91020, 91010])
        XCTAssertEqual(rows.map { $0["amount"] as? Double }, [2, 0.1], "a fraction of a coin stays")
        let unknown = try runAlmanac(
            ["deals", "top", "--source", "kraken:ADA/EUR"], home: home, environment: ["ALMANAC_KRAKEN_URL": tape.server.baseURL])
        XCTAssertTrue(unknown.err.contains("ADA/EUR is not on Kraken"), unknown.err)
    }

    /// `deals browse --source kraken:BTC/USD` in a real terminal: the first answer's trades,
    /// then the later ones as the tape polls, sortable like any deals.
    /// Offline, the tape is Kraken's recorded hour of trades, read once, with no network.
    func testOfflineTheTapeIsTheRecordedTrades() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["deals", "top", "--source", "kraken:BTC/USD,ETH/USD", "--offline", "--limit", "2", "--json"], home: home)
        XCTAssertEqual(result.status, 0, result.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(object["items"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(Set(rows.compactMap { $0["instrument"] as? String }), ["BTC/USD", "ETH/USD"])
        XCTAssertEqual(rows.first?["dateModified"] as? String, "2026-11-20T12:00:00Z", "newest first: the stretch ends at 12:00 UTC")
        XCTAssertGreaterThan(object["received"] as? Int ?? 0, 1_000, "both pairs' hour of trades")
    }
}
