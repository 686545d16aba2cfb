import AlmanacClient
import AlmanacCore
import Foundation

/// A local date and time of day, e.g. `2026-12-01 09:30`, without a zone (exams happen in local time).
package struct ExamDateTime: TextCodable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The day.
    package var date: LocalDate
    /// The hour, 0…23.
    package var hour: Int
    /// The minute, 0…59.
    package var minute: Int

    /// A date and time as given (not checked).
    package init(date: LocalDate, hour: Int, minute: Int) {
        (self.date, self.hour, self.minute) = (date, hour, minute)
    }

    /// Parses `YYYY-MM-DD HH:MM` or `YYYY-MM-DDTHH:MM`; nil when malformed or impossible.
    package init?(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        let separators: [Character] = [" ", "T"]
        guard let index = trimmed.firstIndex(where: { separators.contains($0) }),
            let date = LocalDate(String(trimmed[..<index]))
        else { return nil }
        let clock = trimmed[trimmed.index(after: index)...].trimmingWhitespace().split(
            separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2, clock[0].count == 2, clock[1].count == 2, let hour = Int(clock[0]), let minute = Int(clock[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        self.init(date: date, hour: hour, minute: minute)
    }

    package var description: String { date.description + " " + time }

    /// `09:30`
    package var time: String { DecimalText.padded(hour, 2) + ":" + DecimalText.padded(minute, 2) }

    package static func < (lhs: ExamDateTime, rhs: ExamDateTime) -> Bool {
        (lhs.date, lhs.hour, lhs.minute) < (rhs.date, rhs.hour, rhs.minute)
    }

    /// The instant in a time zone.
    package func instant(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute))!
    }

    /// `2026-12-01T09:30` in JSON.
    package var codedText: String { date.description + "T" + time }
}
