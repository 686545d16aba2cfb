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
        return Dictionary(stored.compactMap { text, day in LocalDate(text).map { ($0, day) } }) { _, last in last }
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
        var days = Dictionary(uniqueKeysWithValues: span.days.map { ($0, Day(close: nil, fetchedAt: fetchedAt)) })
        for bar in values {
            guard let date = LocalDate(String(bar.datetime.prefix(10))), span.contains(date) else { continue }
            days[date] = Day(open: bar.open?.value, high: bar.high?.value, low: bar.low?.value, close: bar.close.value, fetchedAt: fetchedAt)
        }
        return days
    }
}

extension ClosedRange<LocalDate> {
    /// Every day of the range, first to last.
    var days: [LocalDate] { (0...lowerBound.days(until: upperBound)).map { lowerBound.adding(days: $0) } }

    /// The range in spans of at most `TwelveData.maxOutputSize` days: one series request each.
    var requestSpans: [ClosedRange<LocalDate>] {
        stride(from: 0, through: lowerBound.days(until: upperBound), by: TwelveData.maxOutputSize).map { offset in
            let start = lowerBound.adding(days: offset)
            return start...Swift.min(upperBound, start.adding(days: TwelveData.maxOutputSize - 1))
        }
    }
}

extension ClosesBook.Day {
    func row(on date: LocalDate) -> HistoryRow? {
        close.map { HistoryRow(date: date, open: open, high: high, low: low, close: $0) }
    }
}
