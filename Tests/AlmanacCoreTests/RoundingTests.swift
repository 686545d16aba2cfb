import XCTest

@testable import AlmanacCore

/// `Int(rounding:)`: an answer's number made whole for showing, never a trap.
final class RoundingTests: XCTestCase {
    func testHalvesAwayFromZeroByDefaultAndTheRuleWhenGiven() {
        XCTAssertEqual(Int(rounding: 44.6), 45)
        XCTAssertEqual(Int(rounding: -2.5), -3)
        XCTAssertEqual(Int(rounding: 82.6, .towardZero), 82)
        XCTAssertEqual(Int(rounding: -0.5, .down), -1)
        XCTAssertEqual(Int(rounding: 1_764_633_600.4, .down), 1_764_633_600, "a time in seconds passes unclamped")
    }

    func testOutlandishNumbersAreClampedAndNaNIsZero() {
        XCTAssertEqual(Int(rounding: .nan), 0)
        XCTAssertEqual(Int(rounding: 1e20), 1_000_000_000_000_000)
        XCTAssertEqual(Int(rounding: -.infinity), -1_000_000_000_000_000)
    }
}
