import Foundation
import XCTest

@testable import AlmanacCore

/// What the tables rely on: printf's digits, a minus sign kept on a negative that rounds to
/// zero, ties decided by the binary value, zero padding.
final class DecimalTextTests: XCTestCase {
    func testFixed() {
        XCTAssertEqual(DecimalText.fixed(55.755826, 4), "55.7558")
        XCTAssertEqual(DecimalText.fixed(2.675, 2), "2.67", "2.675 is 2.67499… in binary")
        XCTAssertEqual(DecimalText.fixed(0.125, 2), "0.12", "an exact tie goes to the even digit")
        XCTAssertEqual(DecimalText.fixed(-0.004, 2), "-0.00")
        XCTAssertEqual(DecimalText.fixed(64_231.57, 0), "64232")
    }

    func testPadded() {
        XCTAssertEqual(DecimalText.padded(7, 2), "07")
        XCTAssertEqual(DecimalText.padded(2026, 2), "2026")
        XCTAssertEqual(DecimalText.padded(-5, 3), "-05")
    }
}
