import Foundation
import XCTest

@testable import AlmanacClient
@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacProviders
@testable import Crypto
@testable import FrontKit
@testable import TerminalKit
@testable import TestHarness

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
            (nil, "tomorrow", "--to 2026-11-22 is after today (2026-11-21)."),  // the word is read; the day is refused
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
