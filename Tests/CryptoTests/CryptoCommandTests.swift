import AlmanacCore
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import Crypto
@testable import TestHarness

final class CryptoCommandTests: XCTestCase {
    func testSampleHistorySaysTheSameRangeInTextAndJSON() throws {
        let home = try makeTemporaryFolder(self)
        let today = ["ALMANAC_TODAY": "2026-11-25"]
        // The default range over sample data is the recorded week, and says so.
        let week = try runAlmanac(["crypto", "history", "BTC"], home: home, environment: today)
        XCTAssertTrue(week.out.hasPrefix("BTC/USD — Bitcoin, 2026-11-14 to 2026-11-20\n"), week.out)
        XCTAssertTrue(week.err.contains("note: the sample data was recorded on 2026-11-20; these are the 7 days it holds, up to then."), week.err)
        let text = try runAlmanac(["crypto", "history", "BTC", "--from", "2026-11-19"], home: home, environment: today)
        XCTAssertEqual(text.status, 0, text.err)
        XCTAssertTrue(text.out.hasPrefix("BTC/USD — Bitcoin, 2026-11-19 to 2026-11-20 (asked for 2026-11-19 to 2026-11-25)\n"), text.out)
        let json = try runAlmanac(["crypto", "history", "BTC", "--from", "2026-11-19", "--json"], home: home, environment: today)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["from"] as? String, "2026-11-19")
        XCTAssertEqual(object["to"] as? String, "2026-11-20", "the range the rows cover, as the heading says")
        XCTAssertEqual(object["asked"] as? [String: String], ["from": "2026-11-19", "to": "2026-11-25"])
        let covered = try runAlmanac(["crypto", "history", "BTC", "--json"], home: home, environment: ["ALMANAC_TODAY": "2026-11-20"])
        XCTAssertNil(
            (try JSONSerialization.jsonObject(with: Data(covered.out.utf8)) as? [String: Any])?["asked"], "no asked range when the rows cover it")
    }

    func testTheWatchlistInEurosSaysWhatWasQuotedAndWhatConverted() throws {
        let home = try makeTemporaryFolder(self)
        let pinned = ["ALMANAC_TODAY": "2026-11-20", "NO_COLOR": "1"]
        XCTAssertEqual(try runAlmanac(["crypto", "settings"], home: home).out, "Prices are shown in USD.\n")
        assertOneLineError(try runAlmanac(["crypto", "settings", "--currency", "EURO"], home: home), status: 64, contains: "not a currency code")
        XCTAssertEqual(try runAlmanac(["crypto", "settings", "--currency", "EUR"], home: home).status, 0)
        let text = try runAlmanac(["crypto", "--offline"], home: home, environment: pinned)
        XCTAssertTrue(text.out.contains("ID  Symbol    Name      Price (EUR)  Change"), text.out)
        XCTAssertTrue(text.out.contains(" 1  BTC/EUR   Bitcoin     78,689.76  +4.19%"), "quoted in euros: \(text.out)")
        XCTAssertTrue(text.out.contains(" 4  XRP/USD   XRP              1.88  −0.19%"), "converted: \(text.out)")
        XCTAssertTrue(text.out.contains("XRP/USD, ADA/USD, DOGE/USD: converted to EUR at 0.8621 (USD/EUR)."), text.out)
        let json = try runAlmanac(["crypto", "--offline", "--json"], home: home, environment: pinned)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(root["currency"] as? String, "EUR")
        let rows = try XCTUnwrap(root["rows"] as? [[String: Any]])
        XCTAssertEqual(rows[0]["symbol"] as? String, "BTC/USD", "the watchlist's own pair")
        XCTAssertEqual(rows[0]["quotedAs"] as? String, "BTC/EUR")
        XCTAssertEqual(try XCTUnwrap(rows[0]["price"] as? Double), 78689.75625, accuracy: 1e-6)
        XCTAssertEqual(rows[3]["rateSymbol"] as? String, "USD/EUR")
        XCTAssertEqual(try XCTUnwrap(rows[3]["price"] as? Double), try XCTUnwrap(rows[3]["rate"] as? Double) * 2.1843, accuracy: 1e-6)
        XCTAssertTrue(rows.allSatisfy { $0["currency"] as? String == "EUR" })
    }

    func testWatchlistOnSampleData() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["crypto"], home: home)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(
            result.out,
            """
            ID  Symbol    Name          Price  Change
            ──  ────────  ────────  ─────────  ──────
             1  BTC/USD   Bitcoin   91,234.50  +4.19%
             2  ETH/USD   Ethereum   3,105.20  +0.99%
             3  SOL/USD   Solana       141.37  −1.82%
             4  XRP/USD   XRP            2.18  −0.19%
             5  ADA/USD   Cardano      0.4712  +0.33%
             6  DOGE/USD  Dogecoin     0.1587  −0.28%

            Source: Kraken, sample data recorded on 2026-11-20 · Prices from Kraken's public API

            """)
    }

    func testAddRemoveAndErrors() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try runAlmanac(["crypto", "add", "Polkadot"], home: home).out, "Added DOT/USD (Polkadot).\n")
        XCTAssertEqual(try runAlmanac(["crypto", "add", "eth/usd"], home: home).out, "ETH/USD (Ethereum) is already in the watchlist.\n")
        assertOneLineError(try runAlmanac(["crypto", "add", "bitcon"], home: home), status: 64, contains: "Did you mean: Bitcoin")
        assertOneLineError(try runAlmanac(["crypto", "add", "terra"], home: home), status: 64, contains: "Choose one by its number (--pick N).")
        XCTAssertEqual(try runAlmanac(["crypto", "add", "terra", "--pick", "2"], home: home).out, "Added LUNA/USDT (Terra).\n")
        XCTAssertEqual(try runAlmanac(["crypto", "remove", "Bitcoin"], home: home).out, "Removed BTC/USD (Bitcoin).\n")
        // IDs are stable: removing one renumbers nothing, and an ID is never given again.
        XCTAssertEqual(try runAlmanac(["crypto", "remove", "2"], home: home).out, "Removed ETH/USD (Ethereum).\n")
        assertOneLineError(try runAlmanac(["crypto", "remove", "2"], home: home), status: 64, contains: "\"2\" is not in the watchlist")
        assertOneLineError(
            try runAlmanac(["crypto", "remove", "btc"], home: home), status: 64,
            contains: "\"btc\" is not in the watchlist (3 SOL/USD, 4 XRP/USD, 5 ADA/USD, 6 DOGE/USD, 7 DOT/USD, 8 LUNA/USDT).")
        XCTAssertEqual(try runAlmanac(["crypto", "add", "Bitcoin"], home: home).out, "Added BTC/USD (Bitcoin).\n")
        XCTAssertTrue(try runAlmanac(["crypto", "remove", "9"], home: home).out.contains("Removed BTC/USD"), "re-added under a new ID")
        let list = try runAlmanac(["crypto"], home: home)
        // A pair with no price keeps the table's widths; the reason is one line under it.
        XCTAssertNotNil(list.out.range(of: #" 8  LUNA/USDT  Terra +— +—\n"#, options: .regularExpression), list.out)
        XCTAssertTrue(list.out.contains("\n\nLUNA/USDT: Kraken does not list this pair.\n"), list.out)
    }

    /// Adding a pair that will show no price says why at once, naming who prices this run.
    func testAddingAPairWithNoSamplePriceSaysSo() throws {
        let home = try makeTemporaryFolder(self)
        let added = try runAlmanac(["crypto", "add", "terra", "--pick", "2"], home: home)
        XCTAssertEqual(added.out, "Added LUNA/USDT (Terra).\n")
        XCTAssertTrue(added.err.contains("note: Kraken does not list LUNA/USDT, so it shows no price;"), added.err)
        XCTAssertFalse(added.err.contains("Twelve Data: TWELVEDATA_API_KEY is not set"), "Twelve Data answers nothing this run: \(added.err)")
        let pinned = try makeTemporaryFolder(self)
        _ = try runAlmanac(["crypto", "settings", "--provider", "twelvedata"], home: pinned)
        let keyless = try runAlmanac(["crypto", "add", "terra", "--pick", "2"], home: pinned)
        XCTAssertTrue(
            keyless.err.contains("note: The Twelve Data sample data has no price for LUNA/USDT; it shows once TWELVEDATA_API_KEY is set."),
            keyless.err)
        let priced = try runAlmanac(["crypto", "add", "LTC"], home: home)
        XCTAssertFalse(priced.err.contains("no price"), priced.err)
    }

    func testHistoryRangesAndValidation() throws {
        let home = try makeTemporaryFolder(self)
        let history = try runAlmanac(["crypto", "history", "ETH", "--from", "2026-11-17", "--to", "2026-11-19", "--json"], home: home)
        XCTAssertEqual(history.status, 0, history.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(history.out.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.compactMap { $0["date"] as? String }, ["2026-11-17", "2026-11-18", "2026-11-19"])
        XCTAssertEqual(object["source"] as? String, "sample")
        let cases: [([String], String)] = [
            (["crypto", "history", "BTC", "--from", "2026-02-30"], "not \"2026-02-30\""),
            (["crypto", "history", "BTC", "--from", "2026-11-19", "--to", "2026-11-10"], "--from 2026-11-19 is after --to 2026-11-10."),
            (["crypto", "history", "BTC", "--to", "2026-11-21"], "--to 2026-11-21 is after today (2026-11-20)."),
            (["crypto", "history", "BTC", "--from", "2015-01-01", "--to", "2015-01-31"], "No prices for BTC/USD from 2015-01-01 to 2015-01-31"),
            (["crypto", "history", "9"], "No watchlist row 9"),
        ]
        let pinned = ["ALMANAC_TODAY": "2026-11-20"]
        for (arguments, text) in cases { assertOneLineError(try runAlmanac(arguments, home: home, environment: pinned), status: 64, contains: text) }
        // Today is the real date (or ALMANAC_TODAY), not the recording's: two days ago is no future.
        let twoDaysAgo = LocalDate(Date().addingTimeInterval(-2 * 86400), timeZone: .current)
        let recent = try runAlmanac(["crypto", "history", "BTC", "--from", twoDaysAgo.description], home: home)
        XCTAssertFalse(recent.err.contains("is after today"), recent.err)
        assertOneLineError(recent, status: 64, contains: "The sample data holds prices up to 2026-11-20, when it was recorded")
    }

    func testSampleHistoryEndsWhereTheRecordingEnds() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["crypto", "history", "ETH", "--json"], home: home, environment: ["ALMANAC_TODAY": "2026-11-22"])
        XCTAssertEqual(result.status, 0, result.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let dates = (object["rows"] as? [[String: Any]])?.compactMap { $0["date"] as? String } ?? []
        XCTAssertEqual(dates.last, "2026-11-20", "no invented rows for 2026-11-21 and 2026-11-22")
    }

    func testLiveAgainstLoopbackWithBudgetAndExclusiveEnd() throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let home = try makeTemporaryFolder(self)
        var environment = server.environment
        environment["TWELVEDATA_API_KEY"] = "TD-LIVE-SECRET-77"
        environment["ALMANAC_TODAY"] = "2026-11-20"
        let first = try runAlmanac(["crypto"], home: home, environment: environment)
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertTrue(first.out.contains("Source: Twelve Data, live"))
        let quoteRequests = server.requests.filter { $0.path.hasSuffix("/quote") }
        XCTAssertEqual(quoteRequests.count, 1, "one batched request for six symbols")
        XCTAssertEqual(quoteRequests.first?.queryValue("symbol"), "BTC/USD,ETH/USD,SOL/USD,XRP/USD,ADA/USD,DOGE/USD")
        XCTAssertEqual(quoteRequests.first?.header("authorization"), "apikey TD-LIVE-SECRET-77")
        let history = try runAlmanac(
            ["crypto", "history", "BTC", "--from", "2026-11-01", "--to", "2026-11-07"], home: home, environment: environment)
        XCTAssertEqual(history.status, 0, history.err)
        let series = try XCTUnwrap(server.requests.first { $0.path.hasSuffix("/time_series") })
        XCTAssertEqual(series.queryValue("start_date"), "2026-11-01")
        XCTAssertEqual(series.queryValue("end_date"), "2026-11-08")
        XCTAssertEqual(history.out.split(separator: "\n").filter { $0.hasPrefix("2026-11-") }.count, 7)
        // Seven credits spent; a forced refresh gets the one left, and the cache for the rest.
        let second = try runAlmanac(["crypto", "--refresh"], home: home, environment: environment)
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertTrue(second.err.contains("8 credits a minute; showing 5 prices cached"), second.err)
        XCTAssertTrue(second.out.contains("Source: Twelve Data, cache"), second.out)
        XCTAssertEqual(server.requests.filter { $0.path.hasSuffix("/quote") }.count, 2)
        XCTAssertEqual(server.requests.last { $0.path.hasSuffix("/quote") }?.queryValue("symbol"), "BTC/USD")
        XCTAssertFalse(allText(under: home).contains("TD-LIVE-SECRET-77"))
    }
}

extension CryptoCommandTests {
    /// A watchlist written before IDs were stored keeps its order, and its positions become IDs.
    func testAWatchlistFromBeforeStableIDsIsMigrated() throws {
        let home = try makeTemporaryFolder(self)
        let data = home.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let old = #"{"schema":1,"data":{"items":[{"name":"Ethereum","symbol":"ETH/USD"},{"name":"Solana","symbol":"SOL/USD"}]}}"#
        try Data(old.utf8).write(to: data.appendingPathComponent("watchlist.json"))
        XCTAssertEqual(try runAlmanac(["crypto", "add", "XRP"], home: home).out, "Added XRP/USD (XRP).\n")
        XCTAssertEqual(try runAlmanac(["crypto", "remove", "1"], home: home).out, "Removed ETH/USD (Ethereum).\n")
        assertOneLineError(try runAlmanac(["crypto", "remove", "ada"], home: home), status: 64, contains: "(2 SOL/USD, 3 XRP/USD)")
    }
}
