import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// One watchlist row with today's price.
public struct PriceRow: Codable, Sendable, Equatable {
    /// The watchlist ID shown in the table.
    public var id: Int
    /// The pair, `BTC/USD`.
    public var symbol: String
    /// The coin's name, `Bitcoin`.
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
    /// The currency `price` is in (the settings' one when it could be reached), `USD`.
    public var currency: String?
    /// The pair whose quote `price` is, when not the row's own (`BTC/EUR` for a `BTC/USD` row
    /// shown in euros).
    public var quotedAs: String?
    /// The exchange rate `price` was converted at (`USD/EUR`), when it was.
    public var rateSymbol: String?
    /// That rate: units of `currency` for one of the pair's quote currency.
    public var rate: Double?
}

/// The watchlist's prices and where they came from.
public struct WatchlistPrices: Sendable {
    /// One row per pair, in watchlist order.
    public var rows: [PriceRow]
    /// Live, cache or sample data, combined over the rows.
    public var provenance: Provenance
    /// Alerts these prices set off (each reported once); empty when none.
    public var alerts: [PriceAlerts.Alert] = []
    /// The currency of the settings (`crypto settings --currency`); each row says its own.
    public var currency: String?
}

/// One day of a price history.
public struct HistoryRow: Codable, Sendable, Equatable {
    /// The trading day (UTC).
    public var date: LocalDate
    /// Opening price, in the quote currency; nil when not sent.
    public var open: Double?
    /// Highest price of the day.
    public var high: Double?
    /// Lowest price of the day.
    public var low: Double?
    /// Closing price (today: the latest).
    public var close: Double
}

/// Daily prices of one pair over a range of days.
public struct PriceHistory: Sendable {
    /// The pair, `ETH/USD`.
    public var symbol: String
    /// The coin's name.
    public var name: String
    /// The days asked for.
    public var range: ClosedRange<LocalDate>
    /// One row per day, oldest first.
    public var rows: [HistoryRow]
    /// Where the rows came from.
    public var provenance: Provenance

    /// The days the rows cover (first to last row); the range asked for when there are none.
    /// Sample data ends where its recording ends, so this can be shorter than `range`.
    public var covered: ClosedRange<LocalDate> {
        guard let first = rows.map(\.date).min(), let last = rows.map(\.date).max() else { return range }
        return first...last
    }
}
