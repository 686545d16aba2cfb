import AlmanacUI
import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacKit
@testable import AlmanacProviders

final class TwelveDataTests: XCTestCase {
    func testSingleQuoteDecodesStringsToNumbers() throws {
        let body = Data("{\"symbol\":\"BTC/USD\",\"close\":\"91234.50000\",\"percent_change\":\"-1.25\",\"is_market_open\":true}".utf8)
        let result = try TwelveData.quotes(["BTC/USD"]).decode(body)
        guard case .quote(let quote)? = result["BTC/USD"] else { return XCTFail("\(result)") }
        XCTAssertEqual(quote.close?.value, 91234.5)
        XCTAssertEqual(quote.percent_change?.value, -1.25)
    }

    func testBatchWithPerSymbolErrorMarksOnlyThatRow() throws {
        let body = Data(
            """
            {"BTC/USD":{"symbol":"BTC/USD","close":"1.5"},
             "FOO/USD":{"code":404,"message":"**symbol** not found: FOO/USD","status":"error"}}
            """.utf8)
        let result = try TwelveData.quotes(["BTC/USD", "FOO/USD"]).decode(body)
        XCTAssertEqual(result["FOO/USD"], .failure("symbol not found: FOO/USD"))
        guard case .quote(let quote)? = result["BTC/USD"] else { return XCTFail() }
        XCTAssertEqual(quote.close?.value, 1.5)
    }

    func testErrorBodyWithHTTP200Throws() {
        let body = Data(
            "{\"code\":400,\"message\":\"No data is available on the specified dates. Try setting different **start/end** dates.\",\"status\":\"error\"}"
                .utf8)
        XCTAssertThrowsError(
            try TwelveData.timeSeries("BTC/USD", start: LocalDate("2020-01-01")!, endExclusive: LocalDate("2020-01-02")!, closed: true).decode(body)
        ) { error in
            XCTAssertEqual(
                error as? APIError,
                .provider(
                    provider: .twelveData, code: 400,
                    message: "No data is available on the specified dates. Try setting different start/end dates."))
        }
    }

    func testTimeSeriesAsksForTheDayAfterTheEnd() {
        let endpoint = TwelveData.timeSeries("ETH/USD", start: LocalDate("2026-11-01")!, endExclusive: LocalDate("2026-11-08")!, closed: true)
        XCTAssertTrue(endpoint.descriptor.query.contains(QueryItem("end_date", "2026-11-08")))
        XCTAssertEqual(endpoint.descriptor.ttl, 86400)
    }

    func testPriceFormat() {
        XCTAssertEqual(PriceFormat.format(91234.5), "91,234.50")
        XCTAssertEqual(PriceFormat.format(1234567.891), "1,234,567.89")
        XCTAssertEqual(PriceFormat.format(2.1843), "2.18")
        XCTAssertEqual(PriceFormat.format(0.15873), "0.1587")
        XCTAssertEqual(PriceFormat.format(0.00000884), "0.000008840")
        XCTAssertEqual(PriceFormat.percent(-0.456), "−0.46%")
        XCTAssertEqual(PriceFormat.percent(4.1), "+4.10%")
    }

    /// A series' bars read straight from the JSON equal what Foundation's decoder makes of them,
    /// and a bar that is not one fails the same way, naming the member.
    func testBarsReadDirectlyEqualFoundations() throws {
        let good = [
            #"{"datetime": "2026-11-20", "open": "1.5", "high": "2", "low": " 1.25 ", "close": "1.75"}"#,
            #"{"datetime": "2026-11-19", "open": null, "close": 3456.78, "volume": "12"}"#,
            #"{"datetime": "2026-11-18", "close": 20}"#,
        ]
        for json in good {
            let data = Data(json.utf8)
            XCTAssertEqual(
                try JSONTreeDecoder().decode(TwelveDataDTO.Bar.self, from: data), try JSONDecoder().decode(TwelveDataDTO.Bar.self, from: data))
        }
        let bad = [
            (#"{"datetime": "2026-11-20", "open": "n/a", "close": "1"}"#, "open"),
            (#"{"datetime": "2026-11-20", "open": "1"}"#, "close"),
            (#"{"datetime": 20261120, "close": "1"}"#, "datetime"),
        ]
        for (json, member) in bad {
            XCTAssertThrowsError(try JSONDecoding.decode(TwelveDataDTO.Bar.self, from: Data(json.utf8), endpoint: "series")) { error in
                XCTAssertTrue("\(error)".contains(member), "\(error)")
            }
        }
    }
}

final class PairResolverTests: XCTestCase {
    private let catalogue: [TwelveDataDTO.Pair] = [
        .init(symbol: "ETH/BTC", currency_base: "Ethereum", currency_quote: "Bitcoin"),
        .init(symbol: "ETH/USD", currency_base: "Ethereum", currency_quote: "US Dollar"),
        .init(symbol: "BTC/USD", currency_base: "Bitcoin", currency_quote: "US Dollar"),
        .init(symbol: "LUNA/EUR", currency_base: "Terra", currency_quote: "Euro"),
        .init(symbol: "LUNA/USDT", currency_base: "Terra", currency_quote: "Tether USDt"),
    ]

    func testSymbolPairAndNameFindTheUSDPair() {
        for query in ["ETH", "eth", "eth/usd", "ETH/USD", "Ethereum", "ethereum"] {
            XCTAssertEqual(PairResolver.resolve(query, in: catalogue), .one(catalogue[1]), query)
        }
        XCTAssertEqual(PairResolver.resolve("eth/btc", in: catalogue), .one(catalogue[0]))
    }

    func testNoUSDPairGivesChoices() {
        XCTAssertEqual(PairResolver.resolve("terra", in: catalogue), .several([catalogue[3], catalogue[4]]))
    }

    func testUnknownGivesAtMostThreeSuggestions() {
        guard case .none(let suggestions) = PairResolver.resolve("Etherium", in: catalogue) else { return XCTFail() }
        XCTAssertEqual(suggestions.first, "Ethereum")
        XCTAssertLessThanOrEqual(suggestions.count, 3)
    }
}

final class DateInputTests: XCTestCase {
    private let today = LocalDate("2026-11-21")!

    func testValidationTable() {
        let cases: [(String?, String?, String?)] = [
            (nil, nil, nil),
            ("2026-11-01", "2026-11-07", nil),
            ("yesterday", "today", nil),
            ("2026-02-30", nil, "--from must be a real date as YYYY-MM-DD, today or yesterday, not \"2026-02-30\"."),
            ("2026-1-01", nil, "--from must be a real date as YYYY-MM-DD, today or yesterday, not \"2026-1-01\"."),
            (nil, "tomorrow", "--to must be a real date as YYYY-MM-DD, today or yesterday, not \"tomorrow\"."),
            ("2026-11-10", "2026-11-05", "--from 2026-11-10 is after --to 2026-11-05."),
            (nil, "2026-11-22", "--to 2026-11-22 is after today (2026-11-21)."),
            ("2026-12-01", "2026-12-02", "--from 2026-12-01 is after today (2026-11-21)."),
        ]
        for (from, to, message) in cases {
            do {
                let range = try DateInput.range(from: from, to: to, today: today, defaultDays: 7)
                XCTAssertNil(message, "expected an error for \(String(describing: from)) \(String(describing: to))")
                if from == nil, to == nil { XCTAssertEqual(range, LocalDate("2026-11-15")!...today) }
            } catch {
                XCTAssertEqual(ErrorSentence.text(error, for: .commandLine), message)
            }
        }
    }

    func testLocalDateArithmetic() {
        XCTAssertEqual(LocalDate("2024-02-28")!.adding(days: 1).description, "2024-02-29")
        XCTAssertEqual(LocalDate("2026-12-31")!.adding(days: 1).description, "2027-01-01")
        XCTAssertEqual(LocalDate("2022-10-31")!.longText, "Monday 31 October 2022")
        XCTAssertNil(LocalDate("2025-02-29"))
        XCTAssertEqual(LocalDate("2026-01-01")!.days(until: LocalDate("2027-01-01")!), 365)
    }
}
