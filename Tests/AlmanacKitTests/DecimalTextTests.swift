import Foundation
import XCTest

@testable import AlmanacCore

final class DecimalTextTests: XCTestCase {
    /// The text equals printf's for values a user sees (prices, coordinates, rainfall), ties that
    /// binary rounding decides (2.675 is 2.67499…, 0.125 is exact), signs, and the edges.
    func testFixedEqualsPrintf() {
        let values: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 2.675, 1.005, 1.015, 0.05, 0.045, 9.995, 99.995, -0.001, -0.004,
            55.755826, 37.6173, -33.8688, 151.2093, 64_231.57, 0.000_012_34, 1.234e-8, -9.87e-12, 3_456.789_012_345, .leastNonzeroMagnitude,
            .leastNonzeroMagnitude * 1000,
            123_456_789.123_456_789, 4_503_599_627_370_495.5, 9_007_199_254_740_992, 1e22, 1e28, 1e300, -1e300,
            .greatestFiniteMagnitude, .leastNormalMagnitude, .nan, .infinity, -.infinity,
        ]
        for value in values {
            for places in 0...17 {
                XCTAssertEqual(DecimalText.fixed(value, places), String(format: "%.\(places)f", value), "\(value) to \(places) places")
            }
        }
    }

    func testFixedEqualsPrintfOnRandomValues() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -8...12, using: &generator)
            let value = (Bool.random(using: &generator) ? 1 : -1) * Double.random(in: 1..<10, using: &generator) * pow(10, magnitude.rounded())
            let places = Int.random(in: 0...17, using: &generator)
            XCTAssertEqual(DecimalText.fixed(value, places), String(format: "%.\(places)f", value), "\(value) to \(places) places")
        }
        for cents in 0..<100_000 {
            let value = Double(cents) / 1000 + 0.0005
            XCTAssertEqual(DecimalText.fixed(value, 3), String(format: "%.3f", value))
        }
    }

    func testPaddedEqualsPrintf() {
        for number in [0, 7, 42, 123, 2026, 99_999, -5, -42, -2026] {
            for width in 0...6 {
                XCTAssertEqual(DecimalText.padded(number, width), String(format: "%0\(width)d", number), "\(number) in \(width)")
            }
        }
    }
}
