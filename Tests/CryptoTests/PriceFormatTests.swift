import XCTest

@testable import CryptoFront
@testable import FrontKit
@testable import TerminalKit
@testable import TestHarness

/// Prices as the crypto screens show them: grouped digits, more places the smaller the price.
final class PriceFormatTests: XCTestCase {
    func testPriceFormat() {
        XCTAssertEqual(PriceFormat.format(91234.5), "91,234.50")
        XCTAssertEqual(PriceFormat.format(1234567.891), "1,234,567.89")
        XCTAssertEqual(PriceFormat.format(2.1843), "2.18")
        XCTAssertEqual(PriceFormat.format(0.15873), "0.1587")
        XCTAssertEqual(PriceFormat.format(0.00000884), "0.000008840")
        XCTAssertEqual(PriceFormat.percent(-0.456), "−0.46%")
        XCTAssertEqual(PriceFormat.percent(4.1), "+4.10%")
        // A loss reads with the same minus as its percentage beside it.
        XCTAssertEqual(PriceFormat.format(-894.8), "−894.80")
        XCTAssertEqual(PriceFormat.format(-0.15873), "−0.1587")
    }
}
