import AlmanacClient
import Foundation

/// The settings' currency and how each pair reaches it, worked out once for a fetch (the pair
/// catalogue is read for it): `CryptoService.routing(_:to:)`.
package struct PriceRouting: Sendable, Equatable {
    /// The currency prices are shown in.
    package var currency: String
    /// Each pair's route, by symbol.
    package var routes: [String: PriceRoute]

    /// The route of `symbol`; `asIs` for a pair not worked out.
    package func route(_ symbol: String) -> PriceRoute { routes[symbol] ?? .asIs }

    /// The routing for the watchlist's rows: a pair is what the user added, so one quoted in
    /// another currency than `PriceRoute.followingQuote` (`ETH/EUR`) is shown as it is. (The
    /// portfolio keeps the full routing: its totals need every value in one currency.)
    package func keepingOwnQuotes() -> PriceRouting {
        var copy = self
        for symbol in routes.keys where PairResolver.quote(symbol) != PriceRoute.followingQuote { copy.routes[symbol] = .asIs }
        return copy
    }
}

/// How one pair's price reaches the user's currency (`crypto settings --currency`).
package enum PriceRoute: Sendable, Equatable {
    /// The pair is quoted in it already.
    case asIs
    /// Twelve Data lists the base against it (`BTC/EUR` for `BTC/USD`): that pair's own quote.
    case pair(String)
    /// The pair's price converted at the exchange rate from its quote currency (`USD/EUR`).
    case converted(rate: String)

    /// The exchange rate a converted pair needs (`USD/EUR`); nil for the other routes.
    package var rateSymbol: String? {
        if case .converted(let rate) = self { return rate }
        return nil
    }

    /// The pair whose quote is fetched for `symbol`.
    package func quoted(_ symbol: String) -> String {
        if case .pair(let other) = self { return other }
        return symbol
    }

    /// The quote a pair gets when it is added without one; only such pairs follow the
    /// settings' currency.
    package static let followingQuote = "USD"

    /// The route for `symbol` to `currency`, given the pairs the provider lists (upper case; nil
    /// when the catalogue could not be read: then converted).
    package static func route(_ symbol: String, to currency: String, listed: Set<String>?) -> PriceRoute {
        let quote = PairResolver.quote(symbol)
        guard quote != currency else { return .asIs }
        let direct = PairResolver.base(symbol) + "/" + currency
        if listed?.contains(direct) ?? false { return .pair(direct) }
        return .converted(rate: quote + "/" + currency)
    }
}
