import Foundation
import XCTest

@testable import AlmanacCore

final class LocalDateTests: XCTestCase {
    /// Only `YYYY-MM-DD` with a real day: leap years, month lengths, no signs, spaces or extra parts.
    func testParsesOnlyRealISODates() {
        XCTAssertEqual(LocalDate("2026-11-20"), LocalDate(year: 2026, month: 11, day: 20))
        XCTAssertEqual(LocalDate("2024-02-29"), LocalDate(year: 2024, month: 2, day: 29))
        XCTAssertEqual(LocalDate("0001-01-01"), LocalDate(year: 1, month: 1, day: 1))
        for bad in [
            "2025-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-11-00", "2026-11-2", "26-11-20", "2026-11-20-01",
            "2026/11/20", "+202-11-20", "2026-1a-20", " 2026-11-20", "2026-11-20 ", "", "2026--11-20", "２０２６-11-20",
        ] {
            XCTAssertNil(LocalDate(bad), bad)
        }
    }

    /// The UTC day without a time zone object equals the day through one, either side of midnight and before 1970.
    func testUTCDayEqualsTheUTCZones() throws {
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        for seconds in [0.0, -1, 86_399.999, 86_400, -86_400.5, 1_795_481_547.25, -2_208_988_800, 4_102_444_799.9] {
            let date = Date(timeIntervalSince1970: seconds)
            XCTAssertEqual(LocalDate.utc(date), LocalDate(date, timeZone: utc), "\(seconds)")
        }
    }

    func testCalendarDateMatchesFoundationAcrossZonesAndCenturies() {
        var calendar = Calendar(identifier: .gregorian)
        let zones = ["UTC", "Europe/Moscow", "America/New_York", "Asia/Tehran", "Pacific/Kiritimati", "Pacific/Pago_Pago"].compactMap(
            TimeZone.init(identifier:))
        var instant = -2_208_988_800.0  // 1900-01-01
        while instant < 4_102_444_800 {  // 2100-01-01
            for zone in zones {
                calendar.timeZone = zone
                let date = Date(timeIntervalSince1970: instant)
                let parts = calendar.dateComponents([.year, .month, .day], from: date)
                XCTAssertEqual(
                    LocalDate(date, timeZone: zone), LocalDate(year: parts.year!, month: parts.month!, day: parts.day!), "\(instant) \(zone)")
            }
            instant += 86_400 * 17 + 3_607
        }
    }

    func testLocalDayFollowsTheProcessZone() {
        let now = Date()
        XCTAssertEqual(LocalDate.local(now), LocalDate(now, timeZone: .current))
        XCTAssertEqual(LocalDate(year: 7, month: 3, day: 9).description, "0007-03-09")
    }
}
