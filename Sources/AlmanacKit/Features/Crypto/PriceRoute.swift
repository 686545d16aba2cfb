import Foundation

/// How one pair's price reaches the user's currency (`crypto settings --currency`).
public enum PriceRoute: Sendable, Equatable {
    /// The pair is quoted in it already.
    case asIs
    /// Twelve Data lists the base against it (`BTC/EUR` for `BTC/USD`): that pair's own quote.
    case pair(String)
    /// The pair's price converted at the exchange rate from its quote currency (`USD/EUR`).
    case converted(rate: String)

    /// The pair whose quote is fetched for `symbol`.
    public func quoted(_ symbol: String) -> String {
        if case .pair(let other) = self { return other }
        return symbol
    }

    /// The route for `symbol` to `currency`, given the pairs Twelve Data lists (upper case; nil
    /// when the catalogue could not be read: then converted).
    public static func route(_ symbol: String, to currency: String, listed: Set<String>?) -> PriceRoute {
        let quote = quoteCurrency(symbol)
        guard quote != currency else { return .asIs }
        let direct = base(symbol) + "/" + currency
        if listed?.contains(direct) ?? false { return .pair(direct) }
        return .converted(rate: quote + "/" + currency)
    }

    /// `USD` for `BTC/USD` (upper case; the whole text when there is no slash).
    public static func quoteCurrency(_ symbol: String) -> String {
        String(symbol.split(separator: "/").last ?? Substring(symbol)).uppercased()
    }

    /// `BTC` for `BTC/USD`.
    public static func base(_ symbol: String) -> String {
        String(symbol.split(separator: "/").first ?? Substring(symbol)).uppercased()
    }
}
