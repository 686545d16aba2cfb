import Foundation
import XCTest

@testable import AlmanacCore
@testable import DealTable

/// The browser's `Enter` on a group: the filter shown, narrowed to the group.
final class DealFilterNarrowingTests: XCTestCase {
    private let today = LocalDate(year: 2026, month: 11, day: 20)

    /// An instrument's name takes the place of the line's text (it contains it); the field words
    /// stay, in order; a side is added; and the result reads back as a filter.
    func testFieldWordsStayTextGivesWayToTheInstrument() throws {
        let line = "eur price>1.05 since:2026-11-19 usd"
        let narrowed = DealFilter.narrowing(line, instrument: "EUR/USD_TOM", side: .sell, today: today)
        XCTAssertEqual(narrowed, "price>1.05 since:2026-11-19 EUR/USD_TOM side:sell")
        let filter = try DealFilter.parse(narrowed, today: today)
        XCTAssertEqual(filter.instrument, "EUR/USD_TOM")
        XCTAssertEqual(filter.side, .sell)
        XCTAssertEqual(DealFilter.narrowing("", instrument: nil, side: .buy, today: today), "side:buy")
        XCTAssertEqual(DealFilter.narrowing("gbp amount<2m", instrument: nil, side: .buy, today: today), "gbp amount<2m side:buy")
    }
}
