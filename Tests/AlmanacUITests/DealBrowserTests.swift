import AlmanacKit
import XCTest

@testable import AlmanacUI

/// The browser at any width: the footer keeps `q quit` and `? keys`, the table narrows its
/// instrument column before any column goes, and says so when it cannot fit at all.
final class DealBrowserTests: XCTestCase {
    private let status = ["received 29,800 / 300,000", "4,120 rows/s", "rows 7,341–7,366 of 29,800"]

    func testFooterKeepsQuitAndKeysAtEveryWidth() {
        for width in [20, 40, 60, 80, 120, 160] {
            let footer = DealBrowser.footer(status: status, width: width)
            XCTAssertTrue(footer.contains("q quit · ? keys"), "\(width): \(footer)")
            XCTAssertLessThanOrEqual(Style.width(footer), max(width, Style.width("q quit · ? keys")), "\(width): \(footer)")
        }
        XCTAssertTrue(DealBrowser.footer(status: status, width: 160).contains("rows 7,341–7,366 of 29,800"))
        XCTAssertTrue(DealBrowser.footer(status: status, width: 240).hasSuffix(DealBrowser.hints.last!), "wide enough: every key")
    }

    func testTheInstrumentNarrowsBeforeAnyColumnGoes() throws {
        var table = Table(DealsView.columns)
        for id in 1...5 {
            table.add([
                String(id), "2026-11-20 10:00:0\(id)", "XAU/USD_SPT_LONG_INSTRUMENT_NAME_\(id)", "2345.67", "1,500", id % 2 == 0 ? "buy" : "sell",
            ])
        }
        for width in [60, 80, 160] {
            let fitted = try XCTUnwrap(table.fitting(width: width, shrinking: 2, minimum: 6), "\(width)")
            let lines = fitted.render().components(separatedBy: "\n")
            XCTAssertTrue(lines[0].hasSuffix("Side"), "\(width): \(lines[0])")
            for line in lines { XCTAssertLessThanOrEqual(Style.width(line), width, "\(width): \(line)") }
            XCTAssertEqual(Set(lines.dropFirst(2).map { Style.width($0.replacingOccurrences(of: "buy", with: "sell")) }).count, 1, "rows align")
        }
        XCTAssertTrue(try XCTUnwrap(table.fitting(width: 60, shrinking: 2, minimum: 6)).render().contains("…"))
        XCTAssertNil(table.fitting(width: 40, shrinking: 2, minimum: 6), "below the minimum it does not pretend")
    }
}
