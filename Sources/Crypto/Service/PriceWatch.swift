import AlmanacClient
import AlmanacCore
import AlmanacProviders
import Foundation

/// The watchlist keeping itself fresh (`crypto --watch` and the app's Crypto tab), within the
/// Twelve Data credit budget (docs/architecture.md §7).
///
/// An update prices every pair the user follows — the watchlist's, the portfolio's and the armed
/// alerts' — each once, through the same cache and budget as `crypto`: a pair whose quote is still
/// fresh costs nothing, and no update ever reserves a credit the minute does not have (what does
/// not fit is shown from the cache, stalest refreshed first next time). Updates are spaced so
/// that they can be kept up: never closer than a quote's cache life, and far enough apart that
/// an update's credits fit the plan's rate (`interval(credits:)`).
package struct PriceWatch: Sendable {
    /// The service whose cache, budget and documents the updates use.
    package let service: CryptoService

    /// A watch over `service`.
    package init(service: CryptoService) { self.service = service }

    /// The shortest time between updates, in seconds: a quote's cache life (60 s) and one more,
    /// so that every update finds the previous one's quotes stale.
    package static let shortest: TimeInterval = TwelveData.quoteTTL + 1

    /// One update's result.
    package struct Update: Sendable {
        /// The watchlist's prices; `alerts` holds every alert this update set off, on any pair.
        package var prices: WatchlistPrices
        /// The portfolio at the same prices; nil when it holds no lot.
        package var portfolio: PortfolioValuation?
        /// When the update ended.
        package var at: Date
        /// The most credits an update like this one spends: one per pair priced, one per
        /// exchange rate.
        package var credits: Int

        /// An update as assembled (`portfolio` nil: none shown).
        package init(prices: WatchlistPrices, portfolio: PortfolioValuation?, at: Date, credits: Int) {
            (self.prices, self.portfolio, self.at, self.credits) = (prices, portfolio, at, credits)
        }
    }

    /// How a row's price moved since the update before.
    package enum Move: Sendable, Equatable {
        /// Higher than last time.
        case up
        /// Lower than last time.
        case down
    }

    /// Whether prices can change between updates: false with sample data and `--offline`.
    package var refreshes: Bool { service.live }

    /// Seconds between updates that spend `credits` each: `shortest`, or the time the plan takes
    /// to give that many credits (window × credits ÷ credits a window) when that is longer.
    package func interval(credits: Int) -> TimeInterval {
        let plan = service.budget.plan
        return max(Self.shortest, plan.window * Double(credits) / Double(plan.perMinute))
    }

    /// When the update after one that ended at `end` and spent up to `credits` is due; nil when
    /// prices cannot change (sample data, `--offline`).
    package func nextUpdate(after end: Date, credits: Int) -> Date? {
        guard refreshes else { return nil }
        return end.addingTimeInterval(interval(credits: max(1, credits)))
    }

    /// What an update prices: the watchlist's and the portfolio's pairs as the settings' currency
    /// routes them (`BTC/EUR` for `BTC/USD` in euros), the armed alerts' pairs as they are (an
    /// alert's price is in its own pair's currency), each once; and the exchange rates needed.
    /// `routing` is the one the update's prices and portfolio use (the catalogue is read once).
    package func plan() async throws -> (pairs: [String], rates: Set<String>, routing: PriceRouting) {
        let currency = try service.currency()
        let watched = try service.watchlist().items.map(\.symbol)
        let owned = try service.portfolioStore.read().lots.map(\.symbol)
        let alerted = try service.alerts().filter { $0.triggeredAt == nil }.map(\.symbol)
        let routing = await service.routing(watched + owned, to: currency)
        var seen = Set<String>()
        let pairs = ((watched + owned).map { routing.route($0).quoted($0) } + alerted).filter { seen.insert($0).inserted }
        let costRates = owned.map(PairResolver.quote).filter { $0 != currency }.map { $0 + "/" + currency }
        return (pairs, Set(routing.routes.values.compactMap(\.rateSymbol) + costRates), routing)
    }

    /// Prices every pair of `plan()` in the watchlist's batches (stalest first when the minute
    /// cannot take them all), checks the armed alerts against them, and values the portfolio at
    /// the same quotes (read back from the cache: no credit of its own).
    /// - Parameter onStale: told of the cached table first, when fresh prices must be fetched.
    package func update(onStale: CryptoService.PricesHandler? = nil) async throws -> Update {
        let (pairs, rates, routing) = try await plan()
        let prices = try await service.prices(onStale: onStale, alsoPricing: pairs, routing: routing)
        let lots = try service.portfolioStore.read().lots
        let portfolio = lots.isEmpty ? nil : try await service.portfolio(routing: routing).valuation
        return Update(prices: prices, portfolio: portfolio, at: service.days.now(), credits: pairs.count + rates.count)
    }

    /// The rows whose price differs from the same pair's in `old`, by symbol.
    package static func moves(from old: WatchlistPrices?, to new: WatchlistPrices) -> [String: Move] {
        guard let old else { return [:] }
        let before = Dictionary(old.rows.compactMap { row in row.price.map { (row.symbol, $0) } }, uniquingKeysWith: { first, _ in first })
        var moves: [String: Move] = [:]
        for row in new.rows {
            guard let price = row.price, let last = before[row.symbol], price != last else { continue }
            moves[row.symbol] = price > last ? .up : .down
        }
        return moves
    }
}
