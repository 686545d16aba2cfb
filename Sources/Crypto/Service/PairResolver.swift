import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Finds catalogue pairs for what a user typed: `ETH`, `eth/usd` or `Ethereum`.
package enum PairResolver {
    package enum Resolution: Equatable, Sendable {
        case one(TwelveDataDTO.Pair)
        case several([TwelveDataDTO.Pair])
        case none(suggestions: [String])
    }

    /// A pair (`X/Y`) matches exactly; a code or a name matches by base, preferring the USD pair.
    package static func resolve(_ query: String, in catalogue: [TwelveDataDTO.Pair]) -> Resolution {
        let text = query.trimmingWhitespace()
        let upper = text.uppercased()
        if upper.contains("/") {
            if let pair = catalogue.first(where: { $0.symbol.uppercased() == upper }) { return .one(pair) }
            return .none(suggestions: suggestions(text, catalogue))
        }
        let matches = catalogue.filter { pair in
            base(pair.symbol) == upper || (pair.currency_base?.caseInsensitiveCompare(text) == .orderedSame)
        }
        if let usd = matches.first(where: { quote($0.symbol) == "USD" }) { return .one(usd) }
        switch matches.count {
        case 0: return .none(suggestions: suggestions(text, catalogue))
        case 1: return .one(matches[0])
        default: return .several(matches)
        }
    }

    /// `BTC` for `btc/usd` (upper case; the whole text when there is no slash).
    package static func base(_ symbol: String) -> String { symbol.split(separator: "/").first.map { $0.uppercased() } ?? symbol.uppercased() }
    /// `USD` for `btc/usd` (upper case; the whole text when there is no slash).
    package static func quote(_ symbol: String) -> String { symbol.split(separator: "/").last.map { $0.uppercased() } ?? "" }

    /// Up to three "did you mean" names or symbols.
    static func suggestions(_ text: String, _ catalogue: [TwelveDataDTO.Pair]) -> [String] {
        var candidates: [String] = []
        for pair in catalogue {
            candidates.append(pair.symbol)
            if let name = pair.currency_base { candidates.append(name) }
        }
        return Similarity.suggestions(for: text, in: candidates)
    }

    /// Pairs whose symbol or name begins with `text` (case-insensitive), for suggestions as a
    /// person types: USD pairs first, then by symbol; at most `limit`.
    package static func startingWith(_ text: String, in catalogue: [TwelveDataDTO.Pair], limit: Int = 6) -> [TwelveDataDTO.Pair] {
        let prefix = text.trimmingWhitespace().uppercased()
        guard !prefix.isEmpty else { return [] }
        let found = catalogue.filter { pair in
            pair.symbol.uppercased().hasPrefix(prefix) || (pair.currency_base?.uppercased().hasPrefix(prefix) ?? false)
        }
        let sorted = found.sorted { a, b in
            let (usdA, usdB) = (quote(a.symbol) == "USD", quote(b.symbol) == "USD")
            return usdA != usdB ? usdA : a.symbol < b.symbol
        }
        return Array(sorted.prefix(limit))
    }
}
