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
    /// Answers by cursor: none → trades 1-3 (last 100); 100 → 4-5 (last 200); 200 → the first
    /// time a reset, then 6 (last 300); later, nothing new.
    // @unchecked: `server` is made once, on first use, before any request reaches the handler.
    private final class Tape: @unchecked Sendable {
        let sinces = Mutex<[String]>([])
        let resetDone = Atomic(false)

        static let catalogue = #"{"error":[],"result":{"XXBTZUSD":{"altname":"XBTUSD","wsname":"XBT/USD"}}}"#

        static func trades(_ rows: [(String, String, Int, String, Int)], last: String) -> String {
            let list = rows.map { #"["\#($0.0)","\#($0.1)",\#($0.2).1234,"\#($0.3)","l","",\#($0.4)]"# }
            return #"{"error":[],"result":{"XXBTZUSD":[\#(list.joined(separator: ","))],"last":"\#(last)"}}"#
        }

        lazy var server: LoopbackServer = try! LoopbackServer { [self] request in
            if request.path == "/0/public/AssetPairs" { return .json(Self.catalogue) }
            let since = request.query.first { $0.name == "since" }?.value ?? "-"
            sinces.withLock { $0.append(since) }
            switch since {
            case "-":
                return .json(
                    Self.trades(
                        [
                            ("91000.0", "0.5", 1_795_651_200, "b", 1), ("91010.0", "0.1", 1_795_651_201, "s", 2),
                            ("91020.0", "2", 1_795_651_202, "b", 3),
                        ],
                        last: "100"))
            case "100": return .json(Self.trades([("91030.0", "1", 1_795_651_203, "s", 4), ("91040.0", "1", 1_795_651_204, "b", 5)], last: "200"))
            case "200":
                if !resetDone.exchange(true, ordering: .relaxed) { return .reset }
                return .json(Self.trades([("91050.0", "3", 1_795_651_205, "s", 6)], last: "300"))
            default: return .json(Self.trades([], last: since))
            }
        }
    }

    func testTheCursorGoesOnWithNoGapAndNoDuplicateAcrossADroppedConnection() throws {
        let tape = Tape()
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
        let tape = Tape()
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

    func testBrowseFollowsTheTapeInTmux() throws {
        try requireTmux()
        let tape = Tape()
        let home = try makeTemporaryFolder(self)
        let path = repositoryFixtures.deletingLastPathComponent().appendingPathComponent("scripts/kraken-tape-in-tmux.sh")
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [path.path, productsFolder.appendingPathComponent("almanac").path, home.path, tape.server.baseURL]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let screens = steps(text)
        let later = try XCTUnwrap(screens["later"])
        XCTAssertEqual(later.split(separator: "\n").filter { $0.contains(" BTC/USD     9") }.count, 6, later)
        XCTAssertTrue(later.contains("received 6 · "), later)
        XCTAssertTrue(later.contains("91,050.00000"), "the trade after the dropped poll: \(later)")
        let price = try XCTUnwrap(screens["price"])
        let prices = price.split(separator: "\n").compactMap { line in
            line.range(of: #"9\d,\d{3}\.00000"#, options: .regularExpression).map { String(line[$0]) }
        }
        XCTAssertEqual(prices.first, "91,050.00000", "sorted by price, highest first: \(price)")
        XCTAssertTrue(screens["quit"]?.contains("EXIT=0") ?? false, screens["quit"] ?? "")
    }
}
