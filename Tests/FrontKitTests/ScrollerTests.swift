import AlmanacProviders
import XCTest

@testable import FrontKit
@testable import TerminalKit
@testable import TestHarness

/// Found by the soak: keys arrive faster than frames, and End, End, Down before any draw
/// overflowed the offset (a trap that ended the app).
final class ScrollerTests: XCTestCase {
    func testMovementKeysBeforeADrawNeverOverflow() {
        var text = Scroller()
        for key in [Key.end, .end, .end, .down, .pageDown, .end, .home, .home, .home, .up, .pageUp, .home] {
            XCTAssertTrue(text.handle(key, count: nil, page: 10))
        }
        let lines = (1...30).map { "line \($0)" }
        XCTAssertEqual(text.window(lines, height: 10, style: .plain).first, "line 1", "Home last: the top")
        for key in [Key.end, .end, .end, .down, .down] { _ = text.handle(key, count: nil, page: 10) }
        XCTAssertEqual(text.window(lines, height: 10, style: .plain).last, "line 30", "End last: the bottom")
        var list = Scroller()
        for key in [Key.end, .end, .down, .down] { _ = list.handle(key, count: 5, page: 10) }
        XCTAssertEqual(list.selected, 4)
    }
}
