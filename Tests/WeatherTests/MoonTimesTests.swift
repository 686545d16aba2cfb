import AlmanacCore
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness
@testable import Weather

/// Moonrise and moonset, computed: the moon's position against Meeus's worked example, and the
/// rise and set against MET Norway's Sunrise API answers.
final class MoonTimesTests: XCTestCase {
    /// Meeus, Astronomical Algorithms, example 47.a: 12 April 1992, 0h TD — λ 133.162655°,
    /// β −3.229126°, Δ 368,409.7 km; α 134.688470°, δ 13.768368° (TD less UT was about a minute).
    /// The principal terms give 0.01° (λ 133.153°, α 134.678°): about 40 seconds of a moonrise.
    func testThePositionAgreesWithMeeusWorkedExample() {
        let time = Date(timeIntervalSince1970: 703_036_800 - 59)
        let (longitude, latitude, distance) = MoonPosition.ecliptic(MoonPosition(time).centuries)
        XCTAssertEqual((longitude.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360), 133.162655, accuracy: 0.02)
        XCTAssertEqual(latitude, -3.229126, accuracy: 0.02)
        XCTAssertEqual(distance, 368_409.7, accuracy: 20)
        let position = MoonPosition(time)
        XCTAssertEqual(position.rightAscension, 134.688470, accuracy: 0.02)
        XCTAssertEqual(position.declination, 13.768368, accuracy: 0.02)
    }

    /// MET Norway's Sunrise 3.0 moon answers recorded by other projects (`Tests/Recorded/metno-moon`):
    /// each rise and set within 2 minutes, over MET's day (the local mean solar day: midnight UTC
    /// less 4 minutes a degree east), and no set where MET has none (Oslo, 6 January 2025).
    func testRiseAndSetAgreeWithMETsAnswersWithin2Minutes() throws {
        let cases: [(file: String, latitude: Double, longitude: Double, day: String)] = [
            ("bergen-2023-11-04", 60.3, 5.3, "2023-11-04"), ("alingsas-2026-09-26", 57.9303, 12.5335, "2026-09-26"),
            ("toulon-2024-09-24", 43.1, 5.7, "2024-09-24"), ("alicante-2026-07-28", 38.39, -0.52, "2026-07-28"),
            ("oslo-2025-01-06-no-moonset", 59.913, 10.739, "2025-01-06"),
        ]
        for test in cases {
            let answer = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(try RecordedAnswer("metno-moon/\(test.file).json").raw.utf8)) as? [String: Any])
            let properties = try XCTUnwrap(answer["properties"] as? [String: Any])
            let expected = ["moonrise", "moonset"].map { ((properties[$0] as? [String: Any])?["time"] as? String).flatMap(InstantText.parse) }
            let midnight = Double(try XCTUnwrap(LocalDate(test.day)).dayNumber) * 86400
            let start = Date(timeIntervalSince1970: midnight - (test.longitude * 240 / 60).rounded(.down) * 60)
            let computed = MoonTimes.of(dayStarting: start, latitude: test.latitude, longitude: test.longitude)
            let pairs: [(String, Date?, Date?)] = [("moonrise", computed.moonrise, expected[0]), ("moonset", computed.moonset, expected[1])]
            for (name, mine, theirs) in pairs {
                guard let theirs else {
                    XCTAssertNil(mine, "\(test.file): MET has no \(name)")
                    continue
                }
                let mine = try XCTUnwrap(mine, "\(test.file): \(name)")
                XCTAssertLessThanOrEqual(abs(mine.timeIntervalSince(theirs)), 120, "\(test.file) \(name): \(mine) against MET's \(theirs)")
            }
        }
    }

    /// Near the poles a day can pass without a moonrise or a moonset, and the moon can stay up or
    /// down for days: at Tromsø, 2 December 2026 has a set and no rise; 24 November the moon is up
    /// all day, 8 December down all day — said, never a made-up time.
    func testHighLatitudeDaysWithoutARiseOrASet() throws {
        let oslo = try XCTUnwrap(TimeZone(identifier: "Europe/Oslo"))
        let day = { (text: String) in MoonTimes.of(LocalDate(text)!, timeZone: oslo, latitude: 69.65, longitude: 18.96) }
        XCTAssertNil(day("2026-12-02").moonrise)
        XCTAssertNotNil(day("2026-12-02").moonset)
        XCTAssertEqual(day("2026-12-02").upAllDay, nil)
        XCTAssertEqual(day("2026-11-24").upAllDay, true)
        XCTAssertEqual(day("2026-12-08").upAllDay, false)
        let line = try runAlmanac(
            ["weather", "69.65,18.96", "--format", "%U|%V", "--offline"], home: try makeTemporaryFolder(self),
            environment: ["ALMANAC_TODAY": "2026-12-02"])
        XCTAssertEqual(line.out, "none|12:29 (sample)\n", line.err)
    }

    /// The positions interpolated between 6-hourly ones (`MoonTrack`) give the rise and set that
    /// computing the moon at every instant gives, to 2 seconds: 40 days apart over four years, from
    /// the equator to Svalbard (linear interpolation is 23 seconds out).
    func testTheInterpolatedTrackAgreesWithTheDirectComputation() {
        for latitude in [0.0, 51.5, 69.65, 78.22] {
            for step in 0..<36 {
                let start = Date(timeIntervalSince1970: 1_767_225_600 + Double(step) * 40 * 86400 - 3600)
                let track = MoonTimes.of(dayStarting: start, latitude: latitude, longitude: 15.6)
                let direct = Self.direct(start, latitude: latitude, longitude: 15.6)
                for (name, mine, exact) in [("rise", track.moonrise, direct.0), ("set", track.moonset, direct.1)] {
                    XCTAssertEqual(mine == nil, exact == nil, "\(latitude)° day \(step): \(name)")
                    guard let mine, let exact else { continue }
                    XCTAssertLessThanOrEqual(abs(mine.timeIntervalSince(exact)), 2, "\(latitude)° day \(step): \(name)")
                }
            }
        }
    }

    /// The rise and set found by computing the moon's position at every minute and second tried.
    static func direct(_ start: Date, latitude: Double, longitude: Double) -> (Date?, Date?) {
        let height = { (time: Date) in MoonTimes.height(time, latitude, longitude) }
        var (rise, set): (Date?, Date?) = (nil, nil)
        var previous = (time: start, height: height(start))
        for index in 1...144 {
            let time = start.addingTimeInterval(Double(index) * 600)
            let now = height(time)
            if previous.height < 0, now >= 0, rise == nil { rise = MoonTimes.crossing(previous.time, time, rising: true, height) }
            if previous.height >= 0, now < 0, set == nil { set = MoonTimes.crossing(previous.time, time, rising: false, height) }
            previous = (time, now)
        }
        return (rise, set)
    }
}
