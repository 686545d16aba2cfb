import Foundation
import XCTest

@testable import AlmanacCore

/// Text from outside is drawn as text: no sequence in it reaches the terminal as control.
final class TerminalTextTests: XCTestCase {
    func testTitleClearScreenAndBellAreShownAsText() {
        let hostile = "Evil\u{1B}]0;PWNED\u{07}\u{1B}[2J!"
        XCTAssertEqual(TerminalText.neutralise(hostile), "Evil␛]0;PWNED␇␛[2J!")
    }

    func testClipboardWriteAndEightBitControlsAndBidiOverridesAreReplaced() {
        XCTAssertEqual(TerminalText.neutralise("\u{1B}]52;c;cHduZWQ=\u{1B}\\"), "␛]52;c;cHduZWQ=␛\\")
        XCTAssertEqual(TerminalText.neutralise("a\u{9B}2Jb\u{9D}0;x\u{9C}"), "a\u{FFFD}2Jb\u{FFFD}0;x\u{FFFD}")
        XCTAssertEqual(TerminalText.neutralise("abc\u{202E}fed\u{2066}x\u{2069}"), "abc\u{FFFD}fed\u{FFFD}x\u{FFFD}")
        XCTAssertEqual(TerminalText.neutralise("a\rb\u{7F}\u{00}"), "a␍b␡␀")
    }

    func testTheProgramsOwnStylingNewlinesAndTabsStay() {
        let styled = "\u{1B}[1mBold\u{1B}[0m\t\u{1B}[38;5;208mOrange\u{1B}[0m\n\u{1B}[1;31mRed\u{1B}[0m \u{1B}[7m \u{1B}[27m"
        XCTAssertEqual(TerminalText.neutralise(styled), styled)
        XCTAssertEqual(TerminalText.neutralise("Москва ⛅ 東京"), "Москва ⛅ 東京")
    }

    func testStylingThatHidesTextIsNotTheProgramsOwn() {
        XCTAssertEqual(TerminalText.neutralise("\u{1B}[8mhidden\u{1B}[0m"), "␛[8mhidden\u{1B}[0m")
        XCTAssertEqual(TerminalText.neutralise("\u{1B}[5;41mx"), "␛[5;41mx")
        XCTAssertEqual(TerminalText.neutralise("\u{1B}[38;5;999mx"), "␛[38;5;999mx")
    }

    func testNeutralisedTextIsLeftAsItIs() {
        let once = TerminalText.neutralise("x\u{1B}]0;t\u{07}\u{9B}")
        XCTAssertEqual(TerminalText.neutralise(once), once)
    }

    func testJSONKeepsItsValueWithControlsEscaped() {
        XCTAssertEqual(TerminalText.escapeJSON("{\"n\":\"a\u{9B}b\u{202E}\"}"), "{\"n\":\"a\\u009bb\\u202e\"}")
        XCTAssertEqual(String(decoding: JSONValue.string("a\u{1B}\u{9B}\u{7F}").encoded(), as: UTF8.self), "\"a\\u001b\\u009b\\u007f\"")
    }

    func testConsoleNeutralisesWhatItIsGiven() {
        let box = Box()
        let console = Console(out: { text in box.add(text) }, err: { text in box.add(text) })
        console.print("Saved Evil\u{1B}]0;PWNED\u{07}.")
        console.note("warning: \u{1B}[2J")
        XCTAssertEqual(box.text, "Saved Evil␛]0;PWNED␇.\nwarning: ␛[2J\n")
    }
}

private final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = ""
    func add(_ text: String) { lock.withLock { collected += text } }
    var text: String { lock.withLock { collected } }
}
