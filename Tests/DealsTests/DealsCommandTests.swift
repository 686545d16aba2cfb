import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import DealTable
@testable import Deals
@testable import DealsFront
@testable import TerminalKit
@testable import TestHarness

final class DealsCommandTests: XCTestCase {
    func testTopPrintsSortedRowsRoundedInTheTableOnly() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["deals", "top", "--count", "20000", "--sort", "price", "--limit", "3"], home: home, environment: ["TZ": "UTC"])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n")
        XCTAssertEqual(lines[0], "20,000 deals, sorted by price descending")
        XCTAssertEqual(lines.count, 7)
        XCTAssertTrue(lines[3].contains("XAU/USD_SPT"), result.out)
        XCTAssertTrue(lines[6].hasPrefix("bought ") && lines[6].contains(" · sold "), "the totals close the table: \(lines[6])")
        // Prices at the quotes' five decimals, amounts grouped: a row reads as the filter compares it.
        for row in lines[3...5] {
            XCTAssertNotNil(row.range(of: #" \d[\d,]*\.\d{5} "#, options: .regularExpression), "five decimals: \(row)")
            XCTAssertNotNil(row.range(of: #" \d{1,3}(,\d{3})+ "#, options: .regularExpression), "a grouped amount: \(row)")
        }
        let json = try runAlmanac(["deals", "top", "--count", "20000", "--sort", "amount", "--asc", "--limit", "5", "--json"], home: home)
        let rows = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])?["items"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 5)
        let amounts = rows.compactMap { $0["amount"] as? Double }
        XCTAssertEqual(amounts, amounts.sorted())
        for row in rows {
            XCTAssertNotNil(row["price"] as? Double)
            XCTAssertNotNil((row["dateModified"] as? String).flatMap(ISO8601DateFormatter().date(from:)))
            XCTAssertTrue(["buy", "sell"].contains(row["side"] as? String ?? ""))
        }
    }

    /// `--json` is the data: its prices are the stored ones, so the rows a filter keeps are
    /// the rows whose JSON prices pass it (rounded to 0.01, 1.28012 read as 1.28 and broke this).
    func testTheJSONPricesAreTheOnesTheFilterCompares() throws {
        let home = try makeTemporaryFolder(self)
        let all = try runAlmanac(["deals", "top", "--count", "5000", "--limit", "5000", "--json"], home: home)
        let rows = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(all.out.utf8)) as? [String: Any])?["items"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 5000)
        let prices = rows.compactMap { $0["price"] as? Double }
        XCTAssertTrue(prices.contains { $0 != ($0 * 100).rounded() / 100 }, "whole prices, not rounded to cents")
        for floor in ["1.08", "1.28", "151.2"] {
            let filtered = try runAlmanac(["deals", "top", "--count", "5000", "--min-price", floor, "--limit", "0", "--json"], home: home)
            let matched = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(filtered.out.utf8)) as? [String: Any])?["matched"] as? Int)
            XCTAssertEqual(matched, prices.filter { $0 >= Double(floor)! }.count, "--min-price \(floor)")
        }
    }

    /// The seed alone decides the deals; the pace only when they arrive.
    func testThePaceDoesNotChangeTheDeals() throws {
        let home = try makeTemporaryFolder(self)
        let arguments = ["deals", "stats", "--count", "300", "--seed", "5", "--json"]
        let fast = try runAlmanac(arguments, home: home, environment: ["ALMANAC_TODAY": "2026-11-26"])
        let paced = try runAlmanac(arguments + ["--pace", "200"], home: home, environment: ["ALMANAC_TODAY": "2026-11-26"])
        XCTAssertEqual(fast.status, 0, fast.err)
        XCTAssertEqual(fast.out, paced.out)
    }

    func testSameSeedSameTable() throws {
        let home = try makeTemporaryFolder(self)
        let arguments = ["deals", "top", "--count", "5000", "--seed", "9", "--sort", "instrument", "--limit", "20", "--json"]
        let pinned = ["ALMANAC_TODAY": "2026-11-26"]
        XCTAssertEqual(try runAlmanac(arguments, home: home, environment: pinned).out, try runAlmanac(arguments, home: home, environment: pinned).out)
    }

    /// The simulated feed's deals end at the program's clock, as a live feed's would: today's
    /// deals are found by `--since today`.
    func testTheSimulatedFeedEndsToday() throws {
        let home = try makeTemporaryFolder(self)
        let today = try runAlmanac(["deals", "top", "--count", "1000", "--since", "today", "--limit", "1"], home: home)
        XCTAssertTrue(today.out.hasPrefix("1,000 of 1,000 deals match"), today.out)
        let pinned = try runAlmanac(["deals", "top", "--count", "1000", "--limit", "1"], home: home, environment: ["ALMANAC_TODAY": "2026-11-26"])
        XCTAssertTrue(pinned.out.contains("2026-11-26 11:59:"), "noon UTC of the pinned day: \(pinned.out)")
    }

    func testSourceFileWithMalformedLines() throws {
        let home = try makeTemporaryFolder(self)
        let file = home.appendingPathComponent("deals.jsonl")
        try """
        {"id":1,"dateModified":"2026-11-20T10:00:00Z","instrumentName":"EUR/USD_TOD","price":1.08123,"amount":1500.6,"side":"sell"}
        oops
        {"id":2,"dateModified":"2026-11-20T10:00:05Z","instrumentName":"GBP/USD_TOM","price":1.27,"amount":10,"side":"buy"}
        """.write(to: file, atomically: true, encoding: .utf8)
        let result = try runAlmanac(["deals", "top", "--source", file.path, "--json"], home: home)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "warning: skipped 1 malformed line in the source.\n")
        let rows = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])?["items"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["id"] as? Int }, [2, 1])
        XCTAssertEqual(rows[1]["price"] as? Double, 1.08123, "as the source gave it")
        XCTAssertEqual(rows[1]["amount"] as? Double, 1500.6)
        assertOneLineError(
            try runAlmanac(["deals", "top", "--source", home.appendingPathComponent("missing.jsonl").path], home: home),
            status: 66, contains: "missing.jsonl: there is no such file.")
        assertOneLineError(try runAlmanac(["deals", "top", "--sort", "volume"], home: home), status: 64, contains: "--sort must be")
        assertOneLineError(try runAlmanac(["deals", "browse", "--count", "10"], home: home), status: 1, contains: "needs a terminal")
    }

    func testTopFiltersAndTotalsAndRefusesBadFilters() throws {
        let home = try makeTemporaryFolder(self)
        let args = [
            "deals", "top", "--count", "20000", "--instrument", "eur/usd", "--side", "buy", "--min-price", "1.08", "--limit", "500", "--json",
        ]
        let result = try runAlmanac(args, home: home)
        XCTAssertEqual(result.status, 0, result.err)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let items = try XCTUnwrap(root["items"] as? [[String: Any]])
        let matched = try XCTUnwrap(root["matched"] as? Int)
        XCTAssertEqual(root["received"] as? Int, 20_000)
        XCTAssertTrue((1..<20_000).contains(matched))
        XCTAssertEqual(items.count, min(500, matched))
        for item in items {
            XCTAssertTrue((item["instrument"] as? String)?.hasPrefix("EUR/USD") == true)
            XCTAssertEqual(item["side"] as? String, "buy")
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(item["price"] as? Double), 1.08)
        }
        let totals = try XCTUnwrap(root["totals"] as? [String: Any])
        XCTAssertEqual(totals["count"] as? Int, matched)
        XCTAssertEqual((totals["bought"] as? [String: Any])?["count"] as? Int, matched)
        XCTAssertEqual((totals["sold"] as? [String: Any])?["count"] as? Int, 0)
        let one = try runAlmanac(["deals", "top", "--count", "5000", "--instrument", "EUR/USD_TOD", "--json"], home: home)
        let single = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(one.out.utf8)) as? [String: Any])?["totals"] as? [String: Any])
        XCTAssertEqual(single["instrument"] as? String, "EUR/USD_TOD")
        XCTAssertEqual(try XCTUnwrap(single["averagePrice"] as? Double), 1.08, accuracy: 0.01)
        for (flags, words) in [
            (["--side", "hold"], "--side must be buy or sell"), (["--min-price", "abc"], "--min-price"),
            (["--since", "2026-13-01"], "--since must be a date"), (["--min-amount", "5", "--max-amount", "1"], "the amount range is empty"),
            (["--since", "2026-11-21", "--until", "2026-11-20"], "is after --until"),
        ] {
            assertOneLineError(try runAlmanac(["deals", "top", "--count", "10"] + flags, home: home), status: 64, contains: words)
        }
    }
}
