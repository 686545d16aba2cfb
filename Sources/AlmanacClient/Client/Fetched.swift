import AlmanacCore
import AlmanacHTTP
import Foundation

/// Where a result came from.
package enum DataOrigin: String, Sendable, Codable, Equatable {
    /// From the provider, in this run.
    case live
    /// From the answer cache.
    case cache
    /// From the recorded sample data.
    case fixture
}

/// A decoded result with its provenance.
package struct Fetched<Value: Sendable>: Sendable {
    /// The decoded result.
    package var value: Value
    /// Live, cache or sample data.
    package var origin: DataOrigin
    /// When the data was fetched from the provider (for fixtures: when it was recorded or loaded).
    package var fetchedAt: Date
    /// True when the data is older than its TTL (served stale, revalidation failed or offline).
    package var stale: Bool
    /// True when this result replaced a stale one shown earlier and differs from it.
    package var changedAfterStale: Bool = false

    /// A result with where and when it came from.
    package init(value: Value, origin: DataOrigin, fetchedAt: Date, stale: Bool, changedAfterStale: Bool = false) {
        self.value = value
        self.origin = origin
        self.fetchedAt = fetchedAt
        self.stale = stale
        self.changedAfterStale = changedAfterStale
    }

    /// The same provenance around another value.
    package func map<T: Sendable>(_ transform: (Value) throws -> T) rethrows -> Fetched<T> {
        Fetched<T>(value: try transform(value), origin: origin, fetchedAt: fetchedAt, stale: stale, changedAfterStale: changedAfterStale)
    }

    /// The instant a forecast is read at: `now`, or for sample data the time it was recorded
    /// (so the recorded days stay shown).
    package func asOf(_ now: Date) -> Date { origin == .fixture ? fetchedAt : now }

    /// Provenance without the value, for combining several fetches.
    package var provenance: Provenance { Provenance(origin: origin, fetchedAt: fetchedAt, stale: stale) }
}

/// Provenance of a rendered result: `live`, `cache (age)` or `sample data`.
package struct Provenance: Sendable, Codable, Equatable {
    /// Live, cache or sample data (the oldest of the parts when combined).
    package var origin: DataOrigin
    /// When the (oldest) data was fetched.
    package var fetchedAt: Date
    /// True when any part was served past its freshness.
    package var stale: Bool

    /// Provenance as given.
    package init(origin: DataOrigin, fetchedAt: Date, stale: Bool) {
        self.origin = origin
        self.fetchedAt = fetchedAt
        self.stale = stale
    }

    /// The least fresh of several: fixture beats cache beats live; the oldest time; any stale.
    /// With no items (nothing was fetched): live, fetched `now`.
    package static func combine(_ items: [Provenance], now: Date = Date()) -> Provenance {
        guard var result = items.first else { return Provenance(origin: .live, fetchedAt: now, stale: false) }
        let rank: [DataOrigin: Int] = [.live: 0, .cache: 1, .fixture: 2]
        for item in items.dropFirst() {
            if rank[item.origin]! > rank[result.origin]! { result.origin = item.origin }
            result.fetchedAt = min(result.fetchedAt, item.fetchedAt)
            result.stale = result.stale || item.stale
        }
        return result
    }

    /// `live`, `cache (4 min old)`, `cache (2 h old, stale)`, `sample data recorded on 2026-11-20`
    /// (a fixture's `fetchedAt` is when it was recorded).
    package func label(now: Date = Date()) -> String {
        switch origin {
        case .live: return "live"
        case .fixture: return "sample data recorded on \(LocalDate.utc(fetchedAt))"
        case .cache:
            let age = Age.describe(now.timeIntervalSince(fetchedAt))
            return stale ? "cache (\(age) old, stale)" : "cache (\(age) old)"
        }
    }
}

/// Human durations: `12 s`, `4 min`, `3 h`, `2 d`.
package enum Age {
    /// An age in words: `12 s`, `4 min`, `3 h`, `2 d` (whole units, rounded down).
    package static func describe(_ seconds: TimeInterval) -> String {
        let (whole, unit) = self.unit(seconds)
        return "\(whole / unit.seconds) \(unit.name)"
    }

    /// The age, in seconds, at which `describe` first reads differently from how it reads at `seconds`.
    package static func changes(after seconds: TimeInterval) -> TimeInterval {
        let (whole, unit) = self.unit(seconds)
        return TimeInterval((whole / unit.seconds + 1) * unit.seconds)
    }

    /// The whole seconds of an age and the unit it is told in: seconds under a minute, minutes
    /// under an hour, hours under two days, then days.
    private static func unit(_ seconds: TimeInterval) -> (whole: Int, unit: (seconds: Int, name: String)) {
        let whole = max(0, Int(seconds))
        if whole < 60 { return (whole, (1, "s")) }
        if whole < 3600 { return (whole, (60, "min")) }
        return (whole, whole < 86400 * 2 ? (3600, "h") : (86400, "d"))
    }
}
