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
}
