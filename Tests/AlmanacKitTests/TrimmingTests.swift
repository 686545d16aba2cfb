import Foundation
import XCTest

@testable import AlmanacCore

final class TrimmingTests: XCTestCase {
    /// The same text Foundation's trimming gives, for both sets.
    func testTrimmingEqualsFoundations() {
        let samples = [
            "", " ", "\t", "Moscow", "  Moscow  ", "\tETH/USD \t", "\u{A0}Açaí\u{3000}", "line\n", "\n line \r\n", " a\u{301} ", "a \u{301}",
            "\u{200B}zero-width\u{200B}", " 東京 ", "\u{2003}em\u{2028}", "\u{85}next\u{85}", " 🍓 ", "in  side",
        ]
        for text in samples {
            XCTAssertEqual(text.trimmingWhitespace(), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
            XCTAssertEqual(text.trimmingWhitespaceAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
            let sub = ("[" + text + "]").dropFirst().dropLast()
            XCTAssertEqual(sub.trimmingWhitespace(), sub.trimmingCharacters(in: .whitespaces), text.debugDescription)
        }
    }
}
