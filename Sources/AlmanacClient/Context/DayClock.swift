import AlmanacCore
import Foundation

/// The clock as the features read it: the instant, and "today" as a calendar date —
/// `ALMANAC_TODAY` when set (a pinned day, for examples and tests), else the clock's date in
/// the local zone.
package struct DayClock: Sendable {
    /// The clock behind `now()`.
    package let clock: any Clock
    /// `ALMANAC_TODAY` as written; nil when not set.
    package let pinned: String?

    /// A day clock; `pinned` is `ALMANAC_TODAY` as written.
    package init(clock: any Clock, pinned: String? = nil) {
        self.clock = clock
        self.pinned = pinned
    }

    /// Whether "today" is pinned rather than read from the clock.
    package var isPinned: Bool { pinned != nil }

    /// The clock's instant (not moved onto a pinned day).
    package func now() -> Date { clock.now() }

    /// The instant forecasts are read at: the clock's, moved onto `ALMANAC_TODAY` (same time of
    /// day, UTC) when that is pinned, so a pinned day shows that day's weather.
    package func instant() -> Date {
        let now = clock.now()
        guard let pinned, let day = LocalDate(pinned) else { return now }
        let seconds = now.timeIntervalSince1970
        let timeOfDay = seconds - (seconds / 86400).rounded(.down) * 86400
        return Date(timeIntervalSince1970: TimeInterval(day.dayNumber) * 86400 + timeOfDay)
    }

    /// When a simulated live feed's last deal lands: now, or with `ALMANAC_TODAY` that day at
    /// 12:00 UTC (the same deals every run, for the README).
    package func feedEnd() -> Date {
        guard let pinned, let day = LocalDate(pinned) else { return clock.now() }
        return day.middayUTC
    }

    /// Today's date. Throws `DateInputError.invalidPinnedToday` when `ALMANAC_TODAY` is not a date.
    package func today() throws -> LocalDate {
        if let pinned {
            guard let date = LocalDate(pinned) else {
                throw DateInputError.invalidPinnedToday(pinned)
            }
            return date
        }
        return LocalDate.local(clock.now())
    }
}
