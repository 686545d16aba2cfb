import Foundation
import XCTest

@testable import AlmanacCore

/// Trimming in Swift keeps `CharacterSet`'s meaning: spaces of every kind and tabs; line breaks
/// only when asked.
final class TrimmingTests: XCTestCase {
    func testTheSameAsFoundation() {
        let texts = [
            "  Oslo  ", "\tSaint Petersburg\u{00A0}", "\u{3000}東京\u{2003}", "\nMoscow\r\n", "\u{2028}x\u{85}", "", "   ", "a b", "\u{FEFF}x",
            "\r\n Tehran \r\n", "é\u{301} ",
        ]
        for text in texts {
            XCTAssertEqual(text.trimmingWhitespace(), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
            XCTAssertEqual(text.trimmingWhitespaceAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
        }
        XCTAssertEqual(" Oslo ".dropFirst().trimmingWhitespace(), "Oslo", "a substring too")
    }
}
