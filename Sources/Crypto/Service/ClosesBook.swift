import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Every closed day's prices known for one pair, kept as one cache entry
/// (`twelvedata closes <PAIR>`), so any later range they cover needs no request.
///
/// A closed day never changes. A day the provider had no bar for is kept too (with no prices),
/// so a history that begins later is not asked for again. Fixtures never reach the book.
struct ClosesBook {
    struct Day: Codable, Equatable {
        var open, high, low: Double?
        /// Nil when the provider had no bar that day.
        var close: Double?
        var fetchedAt: Date
    }

    /// Closed days are kept 30 days; the cache's size cap may trim them sooner.
    static let ttl: TimeInterval = 30 * 86400

    let cache: JSONFileCache
    let symbol: String

    private var key: String { "twelvedata closes \(symbol)" }

    func read() -> [LocalDate: Day] {
        guard let entry = cache.read(key: key, provider: .twelveData),
            let stored = try? JSONTreeDecoder().decode([String: Day].self, from: entry.body)
        else { return [:] }
        var days: [LocalDate: Day] = [:]
        for (text, day) in stored { if let date = LocalDate(text) { days[date] = day } }
        return days
    }

    func write(_ days: [LocalDate: Day]) {
        let stored = Dictionary(uniqueKeysWithValues: days.map { ($0.key.description, $0.value) })
        guard let body = try? JSONEncoder().encode(stored) else { return }
        let entry = CacheEntry(key: key, provider: .twelveData, name: "twelvedata.closes", fetchedAt: Date(), ttl: Self.ttl, body: body)
        try? cache.write(entry)
    }

    /// The days of `span` from a series answer: a bar where the provider had one (duplicates
    /// keep the last), an empty day where it had none.
    static func days(_ values: [TwelveDataDTO.Bar], covering span: ClosedRange<LocalDate>, fetchedAt: Date) -> [LocalDate: Day] {
        var days: [LocalDate: Day] = [:]
        var date = span.lowerBound
        while date <= span.upperBound {
            days[date] = Day(close: nil, fetchedAt: fetchedAt)
            date = date.adding(days: 1)
        }
        for bar in values {
            guard let date = LocalDate(String(bar.datetime.prefix(10))), span.contains(date) else { continue }
            days[date] = Day(open: bar.open?.value, high: bar.high?.value, low: bar.low?.value, close: bar.close.value, fetchedAt: fetchedAt)
        }
        return days
    }
}

extension ClosesBook.Day {
    func row(on date: LocalDate) -> HistoryRow? {
        close.map { HistoryRow(date: date, open: open, high: high, low: low, close: $0) }
    }
}
