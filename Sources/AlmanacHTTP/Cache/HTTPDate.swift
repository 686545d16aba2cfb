import AlmanacCore
import Foundation

/// HTTP dates exactly as RFC 9110 §5.6.7 writes them — the preferred IMF-fixdate (`Sun, 06 Nov
/// 1994 08:49:37 GMT`) and the two obsolete forms, RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and
/// asctime (`Sun Nov  6 08:49:37 1994`) — names in any case. Anything else is no date: no comma,
/// a doubled space, dashes in an IMF date, a one-digit hour, two dates in one value. Read by hand,
/// not by `DateFormatter` (lenient, and slow to set up).
package enum HTTPDate {
    private static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let longDayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date, or nil when the text is none of the three forms. `now` places an RFC 850 date's
    /// two-digit year: more than 50 years ahead means the century before.
    package static func parse(_ text: String, now: Date = Date()) -> Date? {
        let value = text.trimmingWhitespace().lowercased()
        return imfFixdate(value) ?? rfc850(value, now: now) ?? asctime(value)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT` — what a request header carries.
    package static func format(_ date: Date) -> String {
        let seconds = Int(rounding: date.timeIntervalSince1970, .down)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let civil = LocalDate(dayNumber: days)
        let (year, month, day) = (civil.year, civil.month, civil.day)
        let second = seconds - days * 86_400
        let weekday = ((days % 7) + 7 + 3) % 7  // 1970-01-01 was a Thursday
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(dayNames[weekday].capitalized), \(two(day)) \(monthNames[month - 1].capitalized) \(year) "
            + "\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60)) GMT"
    }

    /// `sun, 06 nov 1994 08:49:37 gmt` (lower-cased).
    private static func imfFixdate(_ text: String) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), dayNames.contains(String(parts[0].prefix(3))),
            let day = number(parts[1], digits: 2), let month = monthNames.firstIndex(of: parts[2]), let year = number(parts[3], digits: 4),
            parts[5] == "gmt"
        else { return nil }
        return date(year: year, month: month + 1, day: day, time: parts[4])
    }

    /// `sunday, 06-nov-94 08:49:37 gmt`.
    private static func rfc850(_ text: String, now: Date) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0].hasSuffix(","), longDayNames.contains(String(parts[0].dropLast())), parts[3] == "gmt" else { return nil }
        let date = parts[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard date.count == 3, let day = number(date[0], digits: 2), let month = monthNames.firstIndex(of: date[1]),
            let twoDigits = number(date[2], digits: 2)
        else { return nil }
        let thisYear = LocalDate(dayNumber: Int(now.timeIntervalSince1970 / 86_400)).year
        var year = thisYear - thisYear % 100 + twoDigits
        if year > thisYear + 50 { year -= 100 }
        return self.date(year: year, month: month + 1, day: day, time: parts[2])
    }

    /// `sun nov  6 08:49:37 1994` (a one-digit day after two spaces).
    private static func asctime(_ text: String) -> Date? {
        var parts = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 6, parts[2].isEmpty, parts[3].count == 1 {
            parts.remove(at: 2)  // `nov  6`: a one-digit day stands after two spaces
        } else if parts.count == 5, parts[2].count == 1 {
            return nil
        }
        guard parts.count == 5, dayNames.contains(parts[0]), let month = monthNames.firstIndex(of: parts[1]),
            let day = number(parts[2], digits: parts[2].count == 1 ? 1 : 2), let year = number(parts[4], digits: 4)
        else { return nil }
        return date(year: year, month: month + 1, day: day, time: parts[3])
    }

    /// `hh:mm:ss` on a real day of the calendar, as an instant (UTC).
    private static func date(year: Int, month: Int, day: Int, time: String) -> Date? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard clock.count == 3, let hour = number(clock[0], digits: 2), let minute = number(clock[1], digits: 2),
            let second = number(clock[2], digits: 2), hour < 24, minute < 60, second <= 60, day >= 1,
            day <= LocalDate.daysIn(month: month, year: year)
        else { return nil }
        let days = LocalDate(year: year, month: month, day: day).dayNumber
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Exactly `digits` ASCII digits.
    private static func number(_ text: String, digits: Int) -> Int? {
        guard text.utf8.count == digits, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }
}
