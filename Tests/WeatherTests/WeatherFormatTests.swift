import AlmanacCore
import Foundation
import XCTest

@testable import TerminalKit
@testable import TestHarness
@testable import Weather
@testable import WeatherFront

/// Clock times by arithmetic read exactly as a formatter would write them, in any zone, in
/// both clocks, across a daylight-saving change.
final class WeatherFormatTests: XCTestCase {
    func testTimesMatchAFormatterInEveryZoneAndBothClocks() throws {
        for zone in ["Europe/Moscow", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "UTC", "America/St_Johns"] {
            let timeZone = try XCTUnwrap(TimeZone(identifier: zone))
            for clock in WeatherSettings.Clock.allCases {
                var settings = WeatherSettings()
                settings.time = clock
                let format = WeatherFormat(settings: settings, timeZone: timeZone)
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = timeZone
                formatter.dateFormat = clock == .h12 ? "h:mm a" : "HH:mm"
                // Every 37 minutes through 2026 (both daylight-saving changes included), and before 1970.
                for step in stride(from: 1_767_225_600.0, to: 1_798_761_600, by: 37 * 60) + [-1_000_000.5, 59.9] {
                    let date = Date(timeIntervalSince1970: step)
                    XCTAssertEqual(format.time(date), formatter.string(from: date), "\(zone) \(clock) \(date)")
                }
            }
        }
    }
}
