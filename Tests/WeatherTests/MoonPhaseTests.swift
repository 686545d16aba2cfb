import Foundation
import XCTest

@testable import TestHarness
@testable import Weather

/// The moon's phase against published new and full moons (the instants of well-known eclipses).
final class MoonPhaseTests: XCTestCase {
    private func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    func testNewMoonsAtSolarEclipses() {
        for moment in ["2024-04-08T18:21:00Z", "2026-08-12T17:37:00Z"] {
            let phase = MoonPhase(at: instant(moment))
            // Within three hours of the new moon: the age is near 0 or near a whole month.
            XCTAssertLessThan(min(phase.age, MoonPhase.synodicMonth - phase.age), 0.125, moment)
            XCTAssertEqual(phase.icon, "🌑", moment)
            XCTAssertEqual(phase.name, "New moon", moment)
        }
    }

    func testFullMoonsAtLunarEclipses() {
        for moment in ["2022-11-08T11:02:00Z", "2025-03-14T06:55:00Z", "2026-03-03T11:38:00Z"] {
            let phase = MoonPhase(at: instant(moment))
            XCTAssertEqual(phase.age, MoonPhase.synodicMonth / 2, accuracy: 0.125, moment)
            XCTAssertEqual(phase.icon, "🌕", moment)
        }
    }

    func testQuartersBetween() {
        // A week after the 2026-08-12 new moon is near first quarter; three weeks, last quarter.
        let new = instant("2026-08-12T17:37:00Z")
        XCTAssertEqual(MoonPhase(at: new.addingTimeInterval(7.4 * 86400)).name, "First quarter")
        XCTAssertEqual(MoonPhase(at: new.addingTimeInterval(22.1 * 86400)).name, "Last quarter")
        XCTAssertEqual(MoonPhase(at: new.addingTimeInterval(3 * 86400)).icon, "🌒")
    }
}
