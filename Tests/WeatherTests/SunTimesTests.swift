import AlmanacCore
import Foundation
import XCTest

@testable import TestHarness
@testable import Weather

/// Sun times for MET Norway's answers, which carry none: within a minute or two of NOAA's
/// equations as the astral library computes them, and none in polar night or midnight sun.
final class SunTimesTests: XCTestCase {
    private func assertNear(_ date: Date?, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let date, let reference = ISO8601DateFormatter().date(from: expected) else { return XCTFail("no time", file: file, line: line) }
        XCTAssertLessThan(abs(date.timeIntervalSince(reference)), 120, "\(date) against \(expected)", file: file, line: line)
    }

    func testAgainstReferenceTimes() {
        let oslo = SunTimes.of(LocalDate("2026-11-20")!, latitude: 59.9139, longitude: 10.7522)
        assertNear(oslo.sunrise, "2026-11-20T07:26:55Z")
        assertNear(oslo.sunset, "2026-11-20T14:37:34Z")
        let london = SunTimes.of(LocalDate("2026-06-21")!, latitude: 51.5074, longitude: -0.1278)
        assertNear(london.sunrise, "2026-06-21T03:43:27Z")
        assertNear(london.sunset, "2026-06-21T20:21:12Z")
        // Auckland's local 20 November: sunrise on the UTC day before.
        let auckland = SunTimes.of(LocalDate("2026-11-20")!, latitude: -36.8485, longitude: 174.7633)
        assertNear(auckland.sunrise, "2026-11-19T17:00:11Z")
        assertNear(auckland.sunset, "2026-11-20T07:13:08Z")
    }

    func testPolarNightAndMidnightSun() {
        let tromso = (latitude: 69.6492, longitude: 18.9553)
        let winter = SunTimes.of(LocalDate("2026-12-20")!, latitude: tromso.latitude, longitude: tromso.longitude)
        XCTAssertNil(winter.sunrise)
        XCTAssertNil(winter.sunset)
        let summer = SunTimes.of(LocalDate("2026-06-21")!, latitude: tromso.latitude, longitude: tromso.longitude)
        XCTAssertNil(summer.sunrise)
    }

    /// Civil dawn, dusk and solar noon for London against timeanddate.com's published times (as
    /// the astral library's tests quote them), each within two minutes.
    func testTwilightAndNoonAgainstPublishedTimes() {
        let london = (latitude: 51.5074, longitude: -0.1278)
        let days: [(String, dawn: String, noon: String, dusk: String)] = [
            ("2015-12-01", "2015-12-01T07:04:00Z", "2015-12-01T11:49:00Z", "2015-12-01T16:34:00Z"),
            ("2015-12-12", "2015-12-12T07:16:00Z", "2015-12-12T11:54:00Z", "2015-12-12T16:31:00Z"),
            ("2015-12-25", "2015-12-25T07:24:00Z", "2015-12-25T12:00:00Z", "2015-12-25T16:36:00Z"),
        ]
        for (day, dawn, noon, dusk) in days {
            let date = LocalDate(day)!
            let twilight = SunTimes.twilight(date, latitude: london.latitude, longitude: london.longitude)
            assertNear(twilight.dawn, dawn)
            assertNear(twilight.dusk, dusk)
            assertNear(SunTimes.solarNoon(date, longitude: london.longitude), noon)
        }
    }

    func testNoTwilightWhenTheSunNeverGoesLowEnough() {
        // Oulu at midsummer: the sun stays above −6°, so there is no civil dawn or dusk.
        let oulu = SunTimes.twilight(LocalDate("2026-06-21")!, latitude: 65.0121, longitude: 25.4651)
        XCTAssertNil(oulu.dawn)
        XCTAssertNil(oulu.dusk)
    }
}
