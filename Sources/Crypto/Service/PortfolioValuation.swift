import AlmanacClient
import AlmanacCore
import Foundation

/// The portfolio at given prices: each lot's value, cost and profit, and the totals — computed
/// in `Decimal`, so the totals carry no binary-float drift; rounding is the front end's.
package struct PortfolioValuation: Sendable, Equatable {
    /// One lot, valued.
    package struct Item: Sendable, Equatable {
        /// The lot as stored.
        package var lot: Portfolio.Lot
        /// The pair's price per unit, in `PortfolioValuation.currency`; nil when none is known (the
        /// lot then counts at cost).
        package var price: Decimal?
        /// amount × price (the cost when the price is unknown).
        package var value: Decimal
        /// What the lot cost, in `PortfolioValuation.currency` (its stored cost × `costRate`).
        package var cost: Decimal
        /// The pair whose quote `price` is, when not the lot's own (`BTC/EUR` for a `BTC/USD` lot
        /// valued in euros).
        package var quotedAs: String?
        /// The rate the cost was converted at (today's, from the pair's quote currency); nil when
        /// the pair is quoted in the currency.
        package var costRate: Decimal?
        /// value − cost.
        package var profit: Decimal
        /// profit ÷ cost × 100; nil for a lot that cost nothing.
        package var profitPercent: Decimal?
    }

    /// Sums over every lot.
    package struct Totals: Sendable, Equatable {
        /// Σ value.
        package var value: Decimal
        /// Σ cost.
        package var cost: Decimal
        /// value − cost.
        package var profit: Decimal
        /// profit ÷ cost × 100; nil when nothing cost anything.
        package var profitPercent: Decimal?
    }

    /// Every lot, in the order added.
    package var items: [Item]
    /// Sums over the lots, in `currency`.
    package var totals: Totals
    /// The currency of prices, values and costs (`USD`); nil when not stated (the lots' own).
    package var currency: String?

    /// The lots valued at `prices` (per pair symbol, in `currency`); a lot whose pair has a rate
    /// in `costRates` (its quote currency to `currency`) has its cost converted at it; `quotedAs`
    /// names the pair a lot's price was read from when not its own.
    package init(
        lots: [Portfolio.Lot], prices: [String: Decimal], costRates: [String: Decimal] = [:], quotedAs: [String: String] = [:],
        currency: String? = nil
    ) {
        self.currency = currency
        items = lots.map { lot in
            let price = prices[lot.symbol]
            let rate = costRates[lot.symbol]
            let cost = lot.cost * (rate ?? 1)
            let value = price.map { lot.amount * $0 } ?? cost
            return Item(
                lot: lot, price: price, value: value, cost: cost, quotedAs: quotedAs[lot.symbol], costRate: rate, profit: value - cost,
                profitPercent: Self.percent(value - cost, of: cost))
        }
        let value = items.reduce(Decimal(0)) { $0 + $1.value }
        let cost = items.reduce(Decimal(0)) { $0 + $1.cost }
        totals = Totals(value: value, cost: cost, profit: value - cost, profitPercent: Self.percent(value - cost, of: cost))
    }

    private static func percent(_ part: Decimal, of whole: Decimal) -> Decimal? {
        whole == 0 ? nil : part / whole * 100
    }

    /// A price as the provider sent it (a double), as the decimal it was written as: `0.00001234`
    /// stays exactly that, not the nearest binary fraction.
    package static func decimal(_ price: Double) -> Decimal? {
        guard price.isFinite else { return nil }
        return Decimal(string: "\(price)", locale: Locale(identifier: "en_US_POSIX"))
    }
}
