import AlmanacCore
import AlmanacHTTP
import Foundation

/// Almanac's own Twelve Data budget is spent and nothing usable is cached. Exit 75 (try later).
/// This is the local count, not a refusal by the provider (that is `APIError.rateLimited`).
package enum CreditLimitError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The minute's credits are spent; the next is free at `until`. `seconds` is the wait.
    case minute(until: Date, seconds: Int, perMinute: Int)
    /// The day's credits are spent; they come back at 00:00 UTC.
    case daily(resetsAt: Date, perDay: Int)
    /// The minute's credits are spent and the wait (`seconds`) does not fit the command's time
    /// limit; `allowing` seconds would (docs/architecture.md §3, "Time budgets").
    case beyondDeadline(seconds: Int, allowing: Int, plan: String)

    package var description: String {
        switch self {
        case .minute(let until, let seconds, let perMinute):
            return "The local Twelve Data budget (\(perMinute) credits a minute) is spent and nothing is cached for this; "
                + "the next credit is free in \(seconds) s (at \(Self.clock(until)) UTC). Run again then, or let it wait."
        case .daily(let resetsAt, let perDay):
            return "The local Twelve Data budget (\(perDay) credits a day) is spent and nothing is cached for this; "
                + "it resets at \(Self.clock(resetsAt)) UTC on \(LocalDate.utc(resetsAt))."
        case .beyondDeadline(let seconds, let allowing, let plan):
            return "\(plan); next request in \(seconds) s, past the time allowed for this command; allow \(allowing) s to wait for it."
        }
    }

    private static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}
