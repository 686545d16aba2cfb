import Foundation
import XCTest

@testable import TerminalKit

final class StyleTests: XCTestCase {
    /// Terminal columns: ANSI colour takes none, wide emoji and CJK two, CR LF one character.
    func testWidthCountsTerminalColumns() {
        XCTAssertEqual(Style.width(""), 0)
        XCTAssertEqual(Style.width("Moscow −7°C"), 11)
        XCTAssertEqual(Style.width("\u{1B}[1mTotal\u{1B}[0m"), 5)
        XCTAssertEqual(Style.width("\u{1B}[38;5;208mSun\u{1B}[0m 12"), 6)
        XCTAssertEqual(Style.width("a\r\nb"), 3)
        XCTAssertEqual(Style.width("⛅ snow"), 7)
        XCTAssertEqual(Style.width("\u{1B}[32m☀️\u{1B}[0m"), 2)
        XCTAssertEqual(Style.width("東京"), 4)
        XCTAssertEqual(Style.width("e\u{301}"), 1, "a combining accent joins its letter")
    }

    func testStripRemovesEscapeSequencesOnly() {
        XCTAssertEqual(Style.strip("plain"), "plain")
        XCTAssertEqual(Style.strip("\u{1B}[1;31mRed\u{1B}[0m text"), "Red text")
        XCTAssertEqual(Style.strip("\u{1B}[38;5;34mÄpfel 🍏\u{1B}[0m"), "Äpfel 🍏")
    }

    /// A word wider than the line (a path) breaks after its slashes, so nothing is cut.
    func testAPathWiderThanTheLineBreaksAfterItsSlashes() {
        let lines = Style.wrap("Exported 20 rows to /tmp/almanac-tests-0123456789/exports/deals-20261129.csv.", width: 24)
        XCTAssertTrue(lines.allSatisfy { Style.width($0) <= 24 }, "\(lines)")
        XCTAssertEqual(lines, ["Exported 20 rows to", "/tmp/", "almanac-tests-0123456789", "/exports/", "deals-20261129.csv."])
    }

    /// Key help rows wrap their description under itself; the keys column stays.
    func testKeyRowsWrapTheDescriptionUnderItself() {
        let rows = Style.keyRows(["  /            filter (eur/usd side:buy price>1.08; ? in it: syntax)", "  q  quit"], width: 40)
        XCTAssertEqual(
            rows, ["  /            filter (eur/usd side:buy", "               price>1.08; ? in it:", "               syntax)", "  q  quit"])
    }
}
