import Foundation
import XCTest

@testable import FrontKit
@testable import TestHarness

/// A prefilled field behaves as a selected default: typing replaces it, Backspace edits it.
final class LineFieldTests: XCTestCase {
    private func type(_ text: String, into field: inout LineField) {
        for character in text { _ = field.handle(.character(character)) }
    }

    func testTypingReplacesAPrefilledDate() {
        var field = LineField("Date", text: "2026-11-14")
        type("2026-11-25", into: &field)
        XCTAssertEqual(field.text, "2026-11-25", "not 2026-11-142026-11-25")
        XCTAssertEqual(field.handle(.enter), .submitted("2026-11-25"))
    }

    func testBackspaceFirstKeepsThePrefilledTextToEdit() {
        var field = LineField("Date", text: "2026-11-14")
        _ = field.handle(.backspace)
        type("5", into: &field)
        XCTAssertEqual(field.text, "2026-11-15")
    }

    func testEnterOnAnUntouchedPrefilledTextSubmitsIt() {
        var field = LineField("Name", text: "Physics")
        XCTAssertEqual(field.handle(.enter), .submitted("Physics"))
        var empty = LineField("Name")
        type("Maths", into: &empty)
        XCTAssertEqual(empty.text, "Maths")
    }
}
