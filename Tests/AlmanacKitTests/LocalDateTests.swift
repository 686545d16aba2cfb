import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacKit
@testable import AlmanacProviders

final class LocalDateTests: XCTestCase {
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
