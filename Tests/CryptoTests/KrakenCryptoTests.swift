import AlmanacProviders
import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import TestHarness

/// A loopback Kraken with its real shapes: every number a string, legacy (`XXBTZUSD`) and plain
/// (`SOLUSD`) pair keys, a dark-pool twin (`XXBTZUSD.d`), errors in a 200's `error` array.
// @unchecked: `server` is made once, on first use, before any request reaches the handler.
private final class KrakenServer: @unchecked Sendable {
    let paths = Mutex<[String]>([])
    let rateLimited = Atomic(false)

    static let catalogue = """
        {"error":[],"result":{
          "XXBTZUSD":{"altname":"XBTUSD","wsname":"XBT/USD","base":"XXBT","quote":"ZUSD"},
          "XXBTZUSD.d":{"altname":"XBTUSD.d","base":"XXBT","quote":"ZUSD"},
          "XETHZUSD":{"altname":"ETHUSD","wsname":"ETH/USD","base":"XETH","quote":"ZUSD"},
          "SOLUSD":{"altname":"SOLUSD","wsname":"SOL/USD","base":"SOL","quote":"ZUSD"},
          "XXRPZUSD":{"altname":"XRPUSD","wsname":"XRP/USD","base":"XXRP","quote":"ZUSD"},
          "XDGUSD":{"altname":"XDGUSD","wsname":"XDG/USD","base":"XXDG","quote":"ZUSD"},
          "XXBTZEUR":{"altname":"XBTEUR","wsname":"XBT/EUR","base":"XXBT","quote":"ZEUR"},
          "ZEURZUSD":{"altname":"EURUSD","wsname":"EUR/USD","base":"ZEUR","quote":"ZUSD"}}}
        """

    static func ticker(_ last: String, open: String) -> String {
        #"{"a":["\#(last)","1","1.000"],"b":["\#(last)","1","1.000"],"c":["\#(last)","0.01"],"v":["10","20"],"#
            + #""p":["\#(last)","\#(last)"],"t":[5,9],"l":["\#(open)","\#(open)"],"h":["\#(last)","\#(last)"],"o":"\#(open)"}"#
    }

    lazy var server: LoopbackServer = try! LoopbackServer { [self] request in
        paths.withLock { $0.append(request.path + "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")) }
        if rateLimited.load(ordering: .relaxed) { return .json(#"{"error":["EGeneral:Too many requests"]}"#) }
        switch request.path {
        case "/0/public/AssetPairs": return .json(Self.catalogue)
        case "/0/public/Ticker":
            let tickers = [
                ("XXBTZUSD", Self.ticker("91234.5", open: "90000.0")), ("XETHZUSD", Self.ticker("3100.00", open: "3200.00")),
                ("SOLUSD", Self.ticker("240.10", open: "240.10")), ("XXRPZUSD", Self.ticker("1.5000", open: "1.2000")),
                ("XDGUSD", Self.ticker("0.4000", open: "0.5000")), ("XXBTZEUR", Self.ticker("80000.0", open: "79000.0")),
                ("ZEURZUSD", Self.ticker("1.25000", open: "1.25000")),
            ]
            return .json(#"{"error":[],"result":{"# + tickers.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}}")
        case "/0/public/OHLC":
            // Three daily candles: 2026-11-24, 25 and 26 (00:00 UTC), as [time, o, h, l, c, vwap, volume, count].
            let candles = [(1_795_478_400, "88000.0", "89500.0"), (1_795_564_800, "89500.0", "90000.0"), (1_795_651_200, "90000.0", "91234.5")]
            let rows = candles.map { #"[\#($0.0),"\#($0.1)","92000.0","87000.0","\#($0.2)","89000.0","12.5",340]"# }
            return .json(#"{"error":[],"result":{"XXBTZUSD":[\#(rows.joined(separator: ","))],"last":1795651200}}"#)
        default: return .json(#"{"error":["EQuery:Unknown asset pair"],"result":{}}"#)
        }
    }

    var tickerRequests: [String] { paths.withLock { $0.filter { $0.hasPrefix("/0/public/Ticker") } } }
}

/// Crypto with no key at all: live from Kraken, end to end, run in process.
final class KrakenCryptoTests: XCTestCase {
    private func run(_ kraken: KrakenServer, _ home: URL, _ arguments: [String]) throws -> RunResult {
        try runAlmanac(arguments, home: home, environment: ["ALMANAC_KRAKEN_URL": kraken.server.baseURL, "ALMANAC_TODAY": "2026-11-26"])
    }

    func testTheWatchlistIsOneTickerRequestWithChangesFromTodaysOpen() throws {
        let kraken = KrakenServer()
        let home = try makeTemporaryFolder(self)
        let result = try run(kraken, home, ["crypto", "--json"])
        XCTAssertEqual(result.status, 0, result.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["provider"] as? String, "kraken")
        XCTAssertEqual(object["source"] as? String, "live")
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        let bySymbol = Dictionary(uniqueKeysWithValues: rows.map { ($0["symbol"] as! String, $0) })
        XCTAssertEqual(bySymbol["BTC/USD"]?["price"] as? Double, 91234.5, "XXBTZUSD, through its wsname XBT/USD")
        XCTAssertEqual(try XCTUnwrap(bySymbol["BTC/USD"]?["changePercent"] as? Double), 1.3716667, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(bySymbol["ETH/USD"]?["changePercent"] as? Double), -3.125, accuracy: 1e-9)
        XCTAssertEqual(bySymbol["SOL/USD"]?["price"] as? Double, 240.1, "a plain key")
        XCTAssertEqual(bySymbol["DOGE/USD"]?["price"] as? Double, 0.4, "XDG is DOGE")
        XCTAssertEqual(bySymbol["ADA/USD"]?["error"] as? String, "Kraken does not list this pair.")
        XCTAssertEqual(kraken.tickerRequests.count, 1, "the whole watchlist in one Ticker request")
        XCTAssertEqual(kraken.tickerRequests.first, "/0/public/Ticker?pair=XXBTZUSD,XETHZUSD,SOLUSD,XXRPZUSD,XDGUSD")
        let text = try run(kraken, home, ["crypto"])
        XCTAssertTrue(text.out.contains("Source: Kraken, cache (") && text.out.contains(" · Prices from Kraken's public API"), text.out)
        XCTAssertEqual(kraken.tickerRequests.count, 1, "a ticker is fresh for a minute")
    }

    /// In euros: BTC through Kraken's own BTC/EUR, the others converted at its EUR/USD inverted
    /// (1 / 1.25 = 0.8 euros a dollar), all in the same one Ticker request.
    func testInEurosKrakenQuotesThroughItsPairsAndConvertsAtItsOwnRate() throws {
        let kraken = KrakenServer()
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try run(kraken, home, ["crypto", "settings", "--currency", "EUR"]).status, 0)
        XCTAssertEqual(kraken.tickerRequests, ["/0/public/Ticker?pair=ZEURZUSD"], "the setting checks that Kraken gives the rate")
        let result = try run(kraken, home, ["crypto", "--json", "--refresh"])
        XCTAssertEqual(result.status, 0, result.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["currency"] as? String, "EUR")
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        let bySymbol = Dictionary(uniqueKeysWithValues: rows.map { ($0["symbol"] as! String, $0) })
        XCTAssertEqual(bySymbol["BTC/USD"]?["quotedAs"] as? String, "BTC/EUR")
        XCTAssertEqual(bySymbol["BTC/USD"]?["price"] as? Double, 80000)
        XCTAssertEqual(bySymbol["XRP/USD"]?["rateSymbol"] as? String, "USD/EUR")
        XCTAssertEqual(try XCTUnwrap(bySymbol["XRP/USD"]?["price"] as? Double), 1.2, accuracy: 1e-9, "1.50 dollars at 0.8")
        XCTAssertEqual(kraken.tickerRequests.count, 2, "then prices and the rate in one request")
        XCTAssertTrue(kraken.tickerRequests.last?.contains("XXBTZEUR") ?? false, kraken.tickerRequests.description)
        XCTAssertTrue(kraken.tickerRequests.last?.hasSuffix(",ZEURZUSD") ?? false, kraken.tickerRequests.description)
    }

    func testHistoryIsTheDailyCandlesCloses() throws {
        let kraken = KrakenServer()
        let home = try makeTemporaryFolder(self)
        let result = try run(kraken, home, ["crypto", "history", "BTC", "--from", "2026-11-25", "--to", "2026-11-26", "--json"])
        XCTAssertEqual(result.status, 0, result.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["date"] as? String }, ["2026-11-25", "2026-11-26"])
        XCTAssertEqual(rows.map { $0["close"] as? Double }, [90000.0, 91234.5])
        XCTAssertEqual(object["provider"] as? String, "kraken")
    }

    func testARateLimitInTheBodyIsExit75AndTwelveDataStillUpgradesWithAKey() throws {
        let kraken = KrakenServer()
        kraken.rateLimited.store(true, ordering: .relaxed)
        let home = try makeTemporaryFolder(self)
        assertOneLineError(try run(kraken, home, ["crypto"]), status: 75, contains: "Kraken")
        let keyed = try runAlmanac(
            ["crypto", "--json", "--offline"], home: home,
            environment: ["ALMANAC_KRAKEN_URL": kraken.server.baseURL, "TWELVEDATA_API_KEY": "TD-KEY-1"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(keyed.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["provider"] as? String, "twelvedata")
        XCTAssertEqual(try run(kraken, home, ["crypto", "settings", "--provider", "twelvedata"]).status, 0)
        kraken.rateLimited.store(false, ordering: .relaxed)
        let pinned = try run(kraken, home, ["crypto", "--json"])
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(pinned.out.utf8)) as? [String: Any])?["provider"] as? String, "twelvedata")
    }

    /// The portfolio's values and the alerts read Kraken's price too: 0.5 BTC at 91,234.50.
    func testPortfolioAndAlertsAreLiveFromKraken() throws {
        let kraken = KrakenServer()
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try run(kraken, home, ["crypto", "portfolio", "add", "BTC/USD", "0.5", "--cost", "40000"]).status, 0)
        let portfolio = try run(kraken, home, ["crypto", "portfolio", "--json"])
        XCTAssertEqual(portfolio.status, 0, portfolio.err)
        XCTAssertTrue(portfolio.out.contains("45617.25"), portfolio.out)
        XCTAssertEqual(try run(kraken, home, ["crypto", "alert", "add", "BTC/USD", "above", "91000"]).status, 0)
        let check = try run(kraken, home, ["crypto", "alert", "check"])
        XCTAssertEqual(check.status, 0, check.err)
        XCTAssertTrue(check.out.contains("BTC/USD") && check.out.contains("91,234.50"), check.out)
    }
}
