import AlmanacCore
import XCTest

@testable import TestHarness
@testable import Weather

/// The AQI bands at every boundary, and what sets the index (docs/weather.md, "Air quality").
final class AirQualityTests: XCTestCase {
    func testEuropeanBandsFromTheirLowerBound() {
        let expected: [(Double, String)] = [
            (0, "good"), (19.9, "good"), (20, "fair"), (39.9, "fair"), (40, "moderate"), (59.9, "moderate"), (60, "poor"),
            (79.9, "poor"), (80, "very poor"), (99.9, "very poor"), (100, "extremely poor"), (350, "extremely poor"),
        ]
        for (index, words) in expected { XCTAssertEqual(AirQuality.Scale.european.band(index).words, words, "\(index)") }
    }

    func testUSBandsAsTheEPAStatesThem() {
        let expected: [(Double, String)] = [
            (0, "good"), (50, "good"), (50.4, "good"), (51, "moderate"), (100, "moderate"), (101, "unhealthy for sensitive groups"),
            (150, "unhealthy for sensitive groups"), (151, "unhealthy"), (200, "unhealthy"), (201, "very unhealthy"),
            (300, "very unhealthy"), (301, "hazardous"), (500, "hazardous"),
        ]
        for (index, words) in expected { XCTAssertEqual(AirQuality.Scale.us.band(index).words, words, "\(index)") }
    }

    func testThePollutantWithTheHighestIndexSetsItAndModerateMatters() {
        let air = AirQuality(
            scale: .european, time: nil, index: 45,
            pollutants: [
                .init(key: "pm2_5", microgramsPerCubicMetre: 21, index: 45), .init(key: "ozone", microgramsPerCubicMetre: 80, index: 30),
                .init(key: "pm10", microgramsPerCubicMetre: nil, index: nil),
            ],
            hours: [], pollen: [])
        XCTAssertEqual(air.dominant?.name, "PM2.5")
        XCTAssertTrue(air.matters)
        var fair = air
        fair.index = 39
        XCTAssertFalse(fair.matters)
    }

    /// A hostile answer's numbers are shown, never a crash.
    func testOutlandishIndicesAreBandedAndRounded() {
        XCTAssertEqual(AirQuality.Scale.european.band(1e300).words, "extremely poor")
        XCTAssertEqual(AirQuality.Scale.european.band(-5).words, "good")
        XCTAssertEqual(AirQuality.Scale.us.band(.infinity).words, "hazardous")
        XCTAssertEqual(Int(rounding: 44.6), 45)
    }
}
