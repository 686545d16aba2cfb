import AlmanacCore
import XCTest

@testable import TerminalKit

/// The one number rule: grouped thousands, the Unicode minus, the figure's own decimals.
final class NumberTextTests: XCTestCase {
    func testGroupedWithTheUnicodeMinus() {
        XCTAssertEqual(NumberText.grouped(2_500_680), "2,500,680")
        XCTAssertEqual(NumberText.grouped(-1_234), "−1,234")
        XCTAssertEqual(NumberText.grouped(999), "999")
    }

    func testDecimals() {
        XCTAssertEqual(NumberText.decimal(2_500_680.369, places: 2), "2,500,680.37")
        XCTAssertEqual(NumberText.decimal(-894.8, places: 2), "−894.80")
        XCTAssertEqual(NumberText.decimal(1.077924, places: 5), "1.07792")
        XCTAssertEqual(NumberText.decimal(5000, places: 0), "5,000")
        XCTAssertEqual(NumberText.decimal(-0.001, places: 2), "0.00", "a value that rounds to zero has no sign")
        XCTAssertEqual(NumberText.decimal(.nan, places: 2), "—")
    }
}
