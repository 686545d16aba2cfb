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
        XCTAssertEqual(DecimalText.fixed(1e300, 2).count, 304, "longer than the first buffer")
        XCTAssertEqual(DecimalText.fixed(-.infinity, 2), "-inf")
        for value in [59.9139, 10.7522, -0.1278, 37.6173, 0.000049999, 1.0 / 3.0, -123.456789] {
            for places in [0, 2, 4, 17] { XCTAssertEqual(DecimalText.fixed(value, places), String(format: "%.\(places)f", value)) }
        }
    }

    /// The short path (Swift's shortest text, padded) writes what printf writes, for values as
    /// typed or sent and for values with more digits than asked.
    func testTheShortPathWritesWhatPrintfWrites() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 5, -5, 0.5, 2.5, 1e8 + 0.25, 999_999_999.5, 0.0001, -0.00005]
        for _ in 0..<3000 {
            let scale = [1.0, 10, 1000, 1e6][Int.random(in: 0..<4, using: &generator)]
            let typed = (Double(Int.random(in: -1_800_000...1_800_000, using: &generator)) / 10_000) * (scale / 1000)
            values += [typed, Double.random(in: -1e9...1e9, using: &generator), Double.random(in: -1...1, using: &generator)]
        }
        var short = 0
        for value in values {
            for places in 0...6 {
                if DecimalText.shortest(value, places) != nil { short += 1 }
                XCTAssertEqual(DecimalText.fixed(value, places), String(format: "%.\(places)f", value), "\(value) to \(places)")
            }
        }
        XCTAssertGreaterThan(short, values.count / 2, "the short path is taken")
    }

    func testPadded() {
        XCTAssertEqual(DecimalText.padded(7, 2), "07")
        XCTAssertEqual(DecimalText.padded(2026, 2), "2026")
        XCTAssertEqual(DecimalText.padded(-5, 3), "-05")
        for number in [0, 7, -7, 42, -123_456, Int.max, Int.min] {
            for width in 0...8 { XCTAssertEqual(DecimalText.padded(number, width), String(format: "%0\(width)ld", number)) }
        }
    }
}
