import AlmanacCore
import XCTest

/// A place or fruit name a hostile provider could send: a terminal title, a screen clear, a C1
/// control and a right-to-left override (docs/architecture.md §2, item 7).
package enum HostileText {
    package static let raw = #"Evil\u001b]0;PWNED\u0007\u001b[2J\u009b8m\u202eX"#
    /// How every front end shows `raw`: each control as its visible symbol.
    package static let shown = "Evil␛]0;PWNED␇␛[2J\u{FFFD}8m\u{FFFD}X"
}

/// Fails unless `text` holds no character a terminal acts on (where no colour was asked for).
package func assertInertText(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    let bad = text.unicodeScalars.filter { TerminalText.isControl($0) }
    XCTAssertTrue(bad.isEmpty, "\(what): \(bad.map { String($0.value, radix: 16) }) in \(text)", file: file, line: line)
}
