import Foundation
import XCTest

@testable import TerminalKit

/// Tables never break: with wide emoji, CJK names and empty cells, every column starts (left
/// aligned) or ends (right aligned) at the same terminal cell as its header, on every row.
final class TableTests: XCTestCase {
    func testColumnsLineUpInTerminalCells() {
        var table = Table([.init("Date"), .init("Conditions"), .init("Precip", .right), .init("City"), .init("Wind", .right)])
        let rows = [
            ["Fri 20 Nov", "⛅ few clouds", "90%", "東京", "5 m/s"],
            ["Sat 21 Nov", "❄ light snow", "0%", "Saint Petersburg, Florida", "12 m/s"],
            ["Sun 22 Nov", "🌧 rain", "—", "Oslo", "—"],
            ["Mon 23 Nov", "☀️ clear sky", "100%", "", "3 m/s"],
        ]
        for row in rows { table.add(row) }
        let lines = table.render().components(separatedBy: "\n")
        XCTAssertEqual(lines.count, rows.count + 2)
        let header = ["Date", "Conditions", "Precip", "City", "Wind"]
        let right = [false, false, true, false, true]
        let headerCells = cells(lines[0], header)
        for (index, row) in rows.enumerated() {
            let found = cells(lines[index + 2], row)
            for column in header.indices where !row[column].isEmpty {
                let expected = right[column] ? headerCells[column].end : headerCells[column].start
                let actual = right[column] ? found[column].end : found[column].start
                XCTAssertEqual(actual, expected, "row \(index) column \(header[column]): \(lines[index + 2])")
            }
        }
        XCTAssertEqual(Style.width("⛅"), 2)
        XCTAssertEqual(Style.width("☀️"), 2)
        XCTAssertEqual(Style.width("❄"), 1)
    }

    /// At 60, 80 and 160 columns a table with long names, wide symbols and an unpriced row fits:
    /// its text columns are cut with … (never the first column, dates or numbers).
    func testTablesFitTheTerminalWidth() {
        var table = Table([.init("ID", .right), .init("Symbol"), .init("Name"), .init("Conditions"), .init("Price", .right)])
        table.add(["1", "BTC/USD", "Bitcoin, the first of the cryptocurrencies", "⛅ scattered clouds over the city", "91,234.50"])
        table.add(["7", "LUNA/USDT", "Terra", "🌧 moderate rain", "—"])
        table.add(["12", "東京/USD", "A currency with a CJK name 東京", "☀️ clear sky", "0.4712"])
        for limit in [60, 80, 160] {
            var style = Style.plain
            style.columns = limit
            let lines = table.render(style: style).components(separatedBy: "\n")
            for line in lines { XCTAssertLessThanOrEqual(Style.width(line), limit, "\(limit): \(line)") }
            XCTAssertTrue(lines[0].hasPrefix("ID  Symbol"), lines[0])
            XCTAssertTrue(lines[3].contains("LUNA/USDT"), "the first text column is whole: \(lines[3])")
            XCTAssertTrue(lines[2].hasSuffix("91,234.50"), "numbers are never cut: \(lines[2])")
        }
        XCTAssertEqual(table.render(style: .plain), table.render(), "no limit: whole cells")
    }

    /// The start and end terminal cell of each cell's text in a rendered line, found left to right.
    private func cells(_ line: String, _ texts: [String]) -> [(start: Int, end: Int)] {
        var rest = Substring(line)
        var consumed = 0
        return texts.map { text in
            guard !text.isEmpty, let range = rest.range(of: text) else { return (consumed, consumed) }
            let start = consumed + Style.width(String(rest[..<range.lowerBound]))
            consumed = start + Style.width(text)
            rest = rest[range.upperBound...]
            return (start, consumed)
        }
    }
}
