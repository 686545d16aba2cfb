import AlmanacProviders
import Foundation
import XCTest

@testable import FrontKit
@testable import TerminalKit
@testable import TestHarness

/// The screen layer: keys decoded from the bytes a terminal sends, frames diffed per line.
final class ScreenTests: XCTestCase {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var pending: [UInt8] = []
        var keys: [Key] = []
        for byte in bytes {
            pending.append(byte)
            if let key = KeyReader.decode(&pending) { keys.append(key) }
        }
        return keys
    }

    func testKeysArrowsTabsEnterAndWholeUTF8Characters() {
        XCTAssertEqual(
            keys(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[Z\u{1B}[5~\u{1B}[6~".utf8)), [.up, .down, .right, .left, .backTab, .pageUp, .pageDown])
        XCTAssertEqual(keys([0x09, 0x0D, 0x7F, 0x03]), [.tab, .enter, .backspace, .interrupt])
        XCTAssertEqual(keys(Array("Zü€".utf8)), [.character("Z"), .character("ü"), .character("€")], "a UTF-8 character is one key")
        XCTAssertEqual(keys([0x1B, UInt8(ascii: "q")]), [.escape], "Alt+key reads as Escape, never as a stray q")
    }

    func testOnlyChangedLinesAreWrittenAndAResizeRedrawsAll() {
        var written: [String] = []
        let screen = ScreenWriter { written.append($0) }
        screen.draw(["one", "two", "three"], columns: 20, rows: 3)
        XCTAssertTrue(written[0].hasPrefix("\u{1B}[H\u{1B}[2J"), "the first frame clears and draws all")
        screen.draw(["one", "TWO", "three"], columns: 20, rows: 3)
        XCTAssertEqual(written[1], "\u{1B}[2;1HTWO\u{1B}[0m\u{1B}[K", "only line 2 is written")
        screen.draw(["one", "TWO", "three"], columns: 20, rows: 3)
        XCTAssertEqual(written.count, 2, "nothing changed, nothing written")
        XCTAssertEqual(screen.lastWrite, 0)
        screen.draw(["one", "TWO", "three"], columns: 30, rows: 3)
        XCTAssertTrue(written[2].contains("one") && written[2].contains("three"), "a new size draws every line")
    }

    func testClippingKeepsEscapesWholeAndCountsWideCharacters() {
        let line = "\u{1B}[1mBold\u{1B}[0m and 🍓🍓 text"
        let cut = ScreenWriter.clip(line, 12)
        XCTAssertEqual(Style.width(cut), 12, "11 cells of text, the second strawberry would need 11 and 12, then …")
        XCTAssertTrue(Style.strip(cut).hasSuffix("🍓…"), "a cut line ends in an ellipsis: \(cut)")
        XCTAssertTrue(cut.hasSuffix("\u{1B}[0m"), "colour is reset after a cut")
        XCTAssertEqual(ScreenWriter.clip("🍓🍓🍓", 5), "🍓🍓…", "a wide character is never cut in half")
        XCTAssertEqual(ScreenWriter.clip("fits", 4), "fits", "a line that fits is not cut")
    }
}
