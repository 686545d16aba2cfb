import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// One watchlist row with today's price.
package struct PriceRow: Codable, Sendable, Equatable {
    /// The watchlist ID shown in the table.
    package var id: Int
    /// The pair, `BTC/USD`.
    package var symbol: String
    /// The coin's name, `Bitcoin`.
    package var name: String
    /// The latest price in the quote currency.
    package var price: Double?
    /// The day's change in percent.
    package var changePercent: Double?
    /// Set when the provider refused this symbol (the rest of the list still shows).
    package var error: String?
    /// When a remembered refusal lets the pair be asked again (a day after it; `--refresh` asks
    /// now); nil when the refusal is this run's own answer.
    package var refusedUntil: Date?
    /// The currency `price` is in (the settings' one when it could be reached), `USD`.
    package var currency: String?
    /// The pair whose quote `price` is, when not the row's own (`BTC/EUR` for a `BTC/USD` row
    /// shown in euros).
    package var quotedAs: String?
    /// The exchange rate `price` was converted at (`USD/EUR`), when it was.
    package var rateSymbol: String?
    /// That rate: units of `currency` for one of the pair's quote currency.
    package var rate: Double?
}

/// The watchlist's prices and where they came from.
package struct WatchlistPrices: Sendable {
    /// One row per pair, in watchlist order.
    package var rows: [PriceRow]
    /// Live, cache or sample data, combined over the rows.
    package var provenance: Provenance
    /// Alerts these prices set off (each reported once); empty when none.
    package var alerts: [PriceAlerts.Alert] = []
    /// The currency of the settings (`crypto settings --currency`); each row says its own.
    package var currency: String?
    /// The provider that priced the rows: Twelve Data (its sample data too), or Kraken.
    package var provider: Provider = .twelveData
}

/// One day of a price history.
package struct HistoryRow: Codable, Sendable, Equatable {
    /// The trading day (UTC).
    package var date: LocalDate
    /// Opening price, in the quote currency; nil when not sent.
    package var open: Double?
    /// Highest price of the day.
    package var high: Double?
    /// Lowest price of the day.
    package var low: Double?
    /// Closing price (today: the latest).
    package var close: Double
}

/// Daily prices of one pair over a range of days.
package struct PriceHistory: Sendable {
    /// The pair, `ETH/USD`.
    package var symbol: String
    /// The coin's name.
    package var name: String
    /// The days asked for.
    package var range: ClosedRange<LocalDate>
    /// One row per day, oldest first.
    package var rows: [HistoryRow]
    /// Where the rows came from.
    package var provenance: Provenance
    /// The provider that answered: Twelve Data (its sample data too), or Kraken.
    package var provider: Provider = .twelveData

    /// The days the rows cover (first to last row); the range asked for when there are none.
    /// Sample data ends where its recording ends, so this can be shorter than `range`.
    package var covered: ClosedRange<LocalDate> {
        guard let first = rows.map(\.date).min(), let last = rows.map(\.date).max() else { return range }
        return first...last
    }
}
