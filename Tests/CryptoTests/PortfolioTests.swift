import AlmanacCore
import Foundation
import XCTest

@testable import Crypto
@testable import TestHarness

/// Profit and loss against hand-computed values, in `Decimal`; the portfolio end to end through
/// commands run in process on sample data; bad input as one line and exit 64.
final class PortfolioTests: XCTestCase {
    private let day = LocalDate(year: 2026, month: 11, day: 20)

    private func lot(_ id: Int, _ symbol: String, _ amount: String, cost: String) -> Portfolio.Lot {
        Portfolio.Lot(id: id, symbol: symbol, amount: Decimal(string: amount)!, cost: Decimal(string: cost)!, date: day)
    }

    func testLotsAtDifferentPricesAddUpWithoutDrift() {
        let lots = [
            lot(1, "BTC/USD", "0.5", cost: "30000"), lot(2, "BTC/USD", "0.25", cost: "20000"),
            lot(3, "SHIB/USD", "123456789012", cost: "1000.10"), lot(4, "ETH/USD", "0.1", cost: "0.3"),
        ]
        let prices = [
            "BTC/USD": Decimal(string: "91234.5")!, "SHIB/USD": PortfolioValuation.decimal(8.84e-06)!, "ETH/USD": Decimal(string: "3")!,
        ]
        let valuation = PortfolioValuation(lots: lots, prices: prices)
        XCTAssertEqual(prices["SHIB/USD"], Decimal(string: "0.00000884"), "a tiny price is the decimal it was written as")
        XCTAssertEqual(valuation.items.map(\.value), ["45617.25", "22808.625", "1091358.01486608", "0.3"].map { Decimal(string: $0)! })
        XCTAssertEqual(valuation.items[0].profit, Decimal(string: "15617.25"))
        XCTAssertEqual(valuation.items[0].profitPercent, Decimal(string: "52.0575"))
        XCTAssertEqual(valuation.items[3].profit, 0, "0.1 × 3 − 0.3 is exactly 0 in decimal (not 5.5e-17)")
        XCTAssertEqual(valuation.totals.cost, Decimal(string: "51000.4"))
        XCTAssertEqual(valuation.totals.value, Decimal(string: "1159784.18986608"))
        XCTAssertEqual(valuation.totals.profit, Decimal(string: "1108783.78986608"))
        let unpriced = PortfolioValuation(lots: [lot(9, "XMR/USD", "1", cost: "150")], prices: [:])
        XCTAssertNil(unpriced.items[0].price)
        XCTAssertEqual(unpriced.totals.profit, 0, "a lot with no price counts at its cost")
    }

    func testAddListRemoveEndToEndOnSampleData() throws {
        let home = try makeTemporaryFolder(self)
        let pinned = ["ALMANAC_TODAY": "2026-11-20"]
        for arguments in [["BTC", "0.5", "--price", "60000"], ["btc/usd", "0.25", "--cost", "20000", "--date", "2026-11-15"], ["ETH", "2"]] {
            let added = try runAlmanac(["crypto", "portfolio", "add"] + arguments + ["--offline"], home: home, environment: pinned)
            XCTAssertEqual(added.status, 0, added.err)
        }
        let result = try runAlmanac(["crypto", "portfolio", "--offline", "--json"], home: home, environment: pinned)
        XCTAssertEqual(result.status, 0, result.err)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let items = try XCTUnwrap(root["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["id"] as? Int }, [1, 2, 3])
        XCTAssertEqual(root["currency"] as? String, "USD")
        let btcPrice = try XCTUnwrap(items[0]["price"] as? Double)
        let ethPrice = try XCTUnwrap(items[2]["price"] as? Double)
        XCTAssertEqual(
            try XCTUnwrap(items[2]["cost"] as? Double), (ethPrice * 2 * 100).rounded() / 100, accuracy: 0.01, "the day's close when no cost is given")
        let totals = try XCTUnwrap(root["totals"] as? [String: Any])
        let value = btcPrice * 0.75 + ethPrice * 2
        XCTAssertEqual(try XCTUnwrap(totals["value"] as? Double), value, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(totals["profit"] as? Double), value - 50_000 - ethPrice * 2, accuracy: 0.02)
        let removed = try runAlmanac(["crypto", "portfolio", "remove", "2"], home: home, environment: pinned)
        XCTAssertTrue(removed.out.contains("Removed lot 2 (0.25 BTC/USD)."), removed.out)
        let after = try runAlmanac(["crypto", "portfolio", "--offline"], home: home, environment: pinned)
        XCTAssertTrue(after.out.contains("BTC/USD") && !after.out.contains("0.25"), "the other BTC lot stays: \(after.out)")
        assertOneLineError(try runAlmanac(["crypto", "portfolio", "remove", "9"], home: home), status: 64, contains: "No lot \"9\"")
    }

    func testTotalsInTwoCurrenciesAgainstHandComputedValues() throws {
        let home = try makeTemporaryFolder(self)
        let pinned = ["ALMANAC_TODAY": "2026-11-20", "NO_COLOR": "1"]
        for arguments in [["BTC/USD", "0.5", "--cost", "30000"], ["ETH/EUR", "2", "--cost", "5000"]] {
            XCTAssertEqual(try runAlmanac(["crypto", "portfolio", "add"] + arguments + ["--offline"], home: home, environment: pinned).status, 0)
        }
        // In euros: BTC through BTC/EUR (78,689.75625 × 0.5 = 39,344.88), its cost at USD/EUR 0.8621
        // (25,863.00); ETH/EUR as it is (2,678.235 × 2 = 5,356.47). P/L 13,838.35 on 30,863.00 = 44.84 %.
        XCTAssertEqual(try runAlmanac(["crypto", "settings", "--currency", "eur"], home: home).out, "Prices are now shown in EUR.\n")
        let euros = try runAlmanac(["crypto", "portfolio", "--offline"], home: home, environment: pinned)
        XCTAssertTrue(euros.out.contains(" 1  BTC/USD     0.5  78,689.76  39,344.88  25,863.00  +13,481.88  +52.13%"), euros.out)
        XCTAssertTrue(euros.out.contains("Total                       44,701.35  30,863.00  +13,838.35  +44.84%"), euros.out)
        XCTAssertTrue(euros.out.contains("In EUR; costs paid in another currency converted at today's rate: USD at 0.8621 (USD/EUR)."), euros.out)
        XCTAssertTrue(euros.out.contains("Priced through pairs in EUR: BTC/USD as BTC/EUR."), euros.out)
        let json = try runAlmanac(["crypto", "portfolio", "--offline", "--json"], home: home, environment: pinned)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(root["currency"] as? String, "EUR")
        let totals = try XCTUnwrap(root["totals"] as? [String: Any])
        XCTAssertEqual(totals["value"] as? Double, 44701.35)
        XCTAssertEqual(totals["cost"] as? Double, 30863)
        XCTAssertEqual(totals["profitPercent"] as? Double, 44.84)
        // In dollars: BTC/USD as it is (45,617.25); ETH through ETH/USD (3,105.20 × 2 = 6,210.40),
        // its cost at Kraken's EUR/USD 1.1599582415 — the one pair whose reverse gave 0.8621 above —
        // (5,799.79). P/L 16,027.86 on 35,799.79 = 44.77 %.
        XCTAssertEqual(try runAlmanac(["crypto", "settings", "--currency", "USD"], home: home).status, 0)
        let dollars = try runAlmanac(["crypto", "portfolio", "--offline"], home: home, environment: pinned)
        XCTAssertTrue(dollars.out.contains("Total                       51,827.65  35,799.79  +16,027.86  +44.77%"), dollars.out)
        XCTAssertTrue(dollars.out.contains("EUR at 1.159958 (EUR/USD)"), dollars.out)
    }

    func testBadInputIsOneLineAndExit64() throws {
        let home = try makeTemporaryFolder(self)
        let pinned = ["ALMANAC_TODAY": "2026-11-20"]
        for (arguments, words) in [
            (["BTC", "0"], "must be more than 0"), (["BTC", "--", "-1"], "must be more than 0"), (["BTC", "1x"], "must be a number"),
            (["BTC", "1", "--cost", "12abc"], "--cost must be a number more than 0, not \"12abc\""),
            (["BTC", "1", "--date", "2026-11-21"], "is after today"),
            (["BTC", "1", "--cost", "5", "--price", "5"], "not both"), (["NOSUCHCOIN", "1"], "No crypto pair matches"),
        ] {
            assertOneLineError(
                try runAlmanac(["crypto", "portfolio", "add", "--offline"] + arguments, home: home, environment: pinned), status: 64,
                contains: words)
        }
    }

    func testADamagedPortfolioIsKeptAsideWithExit65() throws {
        let home = try makeTemporaryFolder(self)
        let data = try writeDamagedDocument("portfolio.json", text: #"{"schema":1,"data":{"lots":[{"amount":"#, home: home)
        assertOneLineError(try runAlmanac(["crypto", "portfolio", "--offline"], home: home), status: 65, contains: "portfolio file was damaged")
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: data.path).contains { $0.hasPrefix("portfolio.corrupt-") })
    }
}
