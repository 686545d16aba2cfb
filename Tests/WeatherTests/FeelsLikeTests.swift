import XCTest

@testable import TestHarness
@testable import Weather

/// Feels-like against the US National Weather Service's published wind-chill and heat-index tables.
final class FeelsLikeTests: XCTestCase {
    private func celsius(_ fahrenheit: Double) -> Double { (fahrenheit - 32) * 5 / 9 }

    func testWindChillMatchesTheTable() {
        // NWS table: 0 °F with a 15 mph wind feels like −19 °F; 30 °F with 10 mph, 21 °F.
        let cold = FeelsLike.celsius(temperature: celsius(0), humidity: 80, wind: 15 / 2.2369362921)
        XCTAssertEqual(cold, celsius(-19), accuracy: 0.4)
        let cool = FeelsLike.celsius(temperature: celsius(30), humidity: nil, wind: 10 / 2.2369362921)
        XCTAssertEqual(cool, celsius(21), accuracy: 0.4)
    }

    func testHeatIndexMatchesTheTable() {
        // NWS table: 90 °F at 50 % feels like 95 °F; 96 °F at 65 %, 121 °F.
        XCTAssertEqual(FeelsLike.celsius(temperature: celsius(90), humidity: 50, wind: 3), celsius(95), accuracy: 0.6)
        XCTAssertEqual(FeelsLike.celsius(temperature: celsius(96), humidity: 65, wind: 0), celsius(121), accuracy: 0.6)
    }

    func testMildOrCalmIsTheAirTemperature() {
        XCTAssertEqual(FeelsLike.celsius(temperature: 18, humidity: 60, wind: 5), 18)
        XCTAssertEqual(FeelsLike.celsius(temperature: 5, humidity: 60, wind: 1), 5)  // 3.6 km/h: too calm for wind chill
        XCTAssertEqual(FeelsLike.celsius(temperature: 30, humidity: nil, wind: 1), 30)  // no humidity, no heat index
    }
}
