import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// One watchlist row with today's price.
public struct PriceRow: Codable, Sendable, Equatable {
    public var id: Int
    public var symbol: String
    public var name: String
    /// The latest price in the quote currency.
    public var price: Double?
    /// The day's change in percent.
    public var changePercent: Double?
    /// Set when the provider refused this symbol (the rest of the list still shows).
    public var error: String?
    /// When a remembered refusal lets the pair be asked again (a day after it; `--refresh` asks
    /// now); nil when the refusal is this run's own answer.
    public var refusedUntil: Date?
}

public struct WatchlistPrices: Sendable {
    public var rows: [PriceRow]
    public var provenance: Provenance
}

/// One day of a price history.
public struct HistoryRow: Codable, Sendable, Equatable {
    public var date: LocalDate
    public var open: Double?
    public var high: Double?
    public var low: Double?
    public var close: Double
}

public struct PriceHistory: Sendable {
    public var symbol: String
    public var name: String
    /// The days asked for.
    public var range: ClosedRange<LocalDate>
    public var rows: [HistoryRow]
    public var provenance: Provenance

    /// The days the rows cover (first to last row); the range asked for when there are none.
    /// Sample data ends where its recording ends, so this can be shorter than `range`.
    public var covered: ClosedRange<LocalDate> {
        guard let first = rows.map(\.date).min(), let last = rows.map(\.date).max() else { return range }
        return first...last
    }
}
