import Foundation

/// A calendar date without a time or zone, e.g. `2026-11-21`. Ordered, hashable, Codable as text.
package struct LocalDate: Sendable, Hashable, Comparable, TextCodable, CustomStringConvertible {
    package let year, month, day: Int

    /// Parses `YYYY-MM-DD`; nil for malformed or impossible dates (`2026-02-30`).
    package init?(_ text: String) {
        // Byte by byte: a history reads hundreds of these, and splitting into substrings costs
        // an allocation each.
        var (year, month, day) = (0, 0, 0)
        var field = 0
        var width = 0
        for byte in text.utf8 {
            let expected = field == 0 ? 4 : 2
            if byte == UInt8(ascii: "-") {
                guard width == expected, field < 2 else { return nil }
                (field, width) = (field + 1, 0)
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), width < expected else { return nil }
                let digit = Int(byte - UInt8(ascii: "0"))
                switch field {
                case 0: year = year * 10 + digit
                case 1: month = month * 10 + digit
                default: day = day * 10 + digit
                }
                width += 1
            }
        }
        guard field == 2, width == 2, (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The UTC calendar date of an instant (no time zone object: building the first one in a
    /// process loads the zone database).
    package static func utc(_ date: Date) -> LocalDate {
        LocalDate(date, secondsFromGMT: 0)
    }

    /// The calendar date of an instant in a time zone (proleptic Gregorian).
    package init(_ date: Date, timeZone: TimeZone) {
        self.init(date, secondsFromGMT: timeZone.secondsFromGMT(for: date))
    }

    /// The calendar date of an instant at a fixed offset from UTC.
    private init(_ date: Date, secondsFromGMT offset: Int) {
        let seconds = date.timeIntervalSince1970.rounded(.down) + Double(offset)
        self.init(dayNumber: Int(rounding: seconds / 86_400, .down))
    }

    /// The calendar date of an instant in the process's local zone (`TZ`, else the system's),
    /// read through the C library: cheaper than building `TimeZone.current` on every run.
    package static func local(_ date: Date) -> LocalDate {
        tzset()
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return LocalDate(date, timeZone: .current) }
        return LocalDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }

    package var description: String { DecimalText.padded(year, 4) + "-" + DecimalText.padded(month, 2) + "-" + DecimalText.padded(day, 2) }

    package static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (proleptic Gregorian).
    package var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    package init(dayNumber: Int) {
        let z = dayNumber + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// 12:00 UTC of this day: the instant that stands for a whole day (a recording made that day,
    /// a pinned day's deals and moon).
    package var middayUTC: Date { Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400 + 43_200) }

    package func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    package func days(until other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// 0 = Sunday … 6 = Saturday.
    package var weekday: Int { ((dayNumber % 7) + 7 + 4) % 7 }

    package static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    package static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    ]

    /// `Monday 31 October 2022`
    package var longText: String {
        "\(Self.weekdayNames[weekday]) \(day) \(Self.monthNames[month - 1]) \(year)"
    }

    /// `Mon 21 Nov`
    package var shortText: String {
        "\(Self.weekdayNames[weekday].prefix(3)) \(day) \(Self.monthNames[month - 1].prefix(3))"
    }

    /// `21 Nov`
    package var dayMonthText: String { "\(day) \(Self.monthNames[month - 1].prefix(3))" }

    package var codedText: String { description }
}
