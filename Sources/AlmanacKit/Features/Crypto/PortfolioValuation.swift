import AlmanacCore
import Foundation

/// The portfolio at given prices: each lot's value, cost and profit, and the totals — computed
/// in `Decimal`, so the totals carry no binary-float drift; rounding is the front end's.
public struct PortfolioValuation: Sendable, Equatable {
    /// One lot, valued.
    public struct Item: Sendable, Equatable {
        /// The lot as stored.
        public var lot: Portfolio.Lot
        /// The pair's price per unit; nil when none is known (the lot then counts at cost).
        public var price: Decimal?
        /// amount × price (the cost when the price is unknown).
        public var value: Decimal
        /// value − cost.
        public var profit: Decimal
        /// profit ÷ cost × 100; nil for a lot that cost nothing.
        public var profitPercent: Decimal?
    }

    /// Sums over every lot.
    public struct Totals: Sendable, Equatable {
        /// Σ value.
        public var value: Decimal
        /// Σ cost.
        public var cost: Decimal
        /// value − cost.
        public var profit: Decimal
        /// profit ÷ cost × 100; nil when nothing cost anything.
        public var profitPercent: Decimal?
    }

    /// Every lot, in the order added.
    public var items: [Item]
    /// Sums over the lots (one quote currency: the lots' pairs share it).
    public var totals: Totals

    /// The lots valued at `prices` (per pair symbol).
    public init(lots: [Portfolio.Lot], prices: [String: Decimal]) {
        items = lots.map { lot in
            let price = prices[lot.symbol]
            let value = price.map { lot.amount * $0 } ?? lot.cost
            return Item(lot: lot, price: price, value: value, profit: value - lot.cost, profitPercent: Self.percent(value - lot.cost, of: lot.cost))
        }
        let value = items.reduce(Decimal(0)) { $0 + $1.value }
        let cost = lots.reduce(Decimal(0)) { $0 + $1.cost }
        totals = Totals(value: value, cost: cost, profit: value - cost, profitPercent: Self.percent(value - cost, of: cost))
    }

    private static func percent(_ part: Decimal, of whole: Decimal) -> Decimal? {
        whole == 0 ? nil : part / whole * 100
    }

    /// A price as the provider sent it (a double), as the decimal it was written as: `0.00001234`
    /// stays exactly that, not the nearest binary fraction.
    public static func decimal(_ price: Double) -> Decimal? {
        guard price.isFinite else { return nil }
        return Decimal(string: "\(price)", locale: Locale(identifier: "en_US_POSIX"))
    }
}
