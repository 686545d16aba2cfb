import Foundation
import XCTest

@testable import AlmanacCore

final class JSONValueTests: XCTestCase {
    /// Every number reads as the same double Swift's own conversion gives, whichever way the
    /// parser takes (short decimals by division, the rest by conversion).
    func testNumbersEqualSwiftsConversion() throws {
        var texts = [
            "0.1", "-0.0", "0.0", "1.5", "-273.15", "55.7558", "37.6173", "0.000001", "123456789012345.6", "1234567890123456.7",
            "0.30000000000000004",
            "9007199254740993.0", "1e3", "-2.5E-3", "6656.56259", "0.0000000000000000000001", "0.00000000000000000000001", "4.35", "1.005", "2.675",
            "99999999999999.99", "-1.7976931348623157e308",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let whole = UInt64.random(in: 0...999_999_999, using: &generator)
            let fraction = String(UInt64.random(in: 0...9_999_999, using: &generator))
            let zeros = String(repeating: "0", count: Int.random(in: 0...4, using: &generator))
            texts.append((Bool.random(using: &generator) ? "-" : "") + "\(whole).\(zeros)\(fraction)")
        }
        for text in texts {
            let parsed = try XCTUnwrap(JSONValue.parse(Data(text.utf8)), text)
            let expected = try XCTUnwrap(Double(text), text)
            XCTAssertEqual(parsed.doubleValue?.bitPattern, expected.bitPattern, text)
        }
    }
}
