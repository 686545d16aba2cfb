import AlmanacCore
import AlmanacHTTP
import Foundation

extension Kraken {
    /// One `Ticker` answer for several pairs from each pair's own: the `result` objects merged.
    /// A pair with no answer fails the whole request, as Kraken does: `EQuery:Unknown asset pair`.
    @Sendable static func combinedTickers(_ members: [(item: String, answer: JSONValue?)]) -> JSONValue {
        var result: [(String, JSONValue)] = []
        for member in members {
            guard case .object(let pairs) = member.answer?["result"] ?? .null else {
                return .object([("error", .array([.string("EQuery:Unknown asset pair")]))])
            }
            result += pairs
        }
        return .object([("error", .array([])), ("result", .object(result))])
    }
}

extension Provider {
    /// Kraken's public REST API: keyless prices, daily candles and trades. Its terms allow
    /// personal use of the public endpoints, about one request a second per address, each with
    /// a User-Agent.
    package static let kraken = Provider(
        rawValue: "kraken", displayName: "Kraken", keyVariable: nil, urlVariable: "ALMANAC_KRAKEN_URL",
        defaultBaseURL: "https://api.kraken.com", keyPlacement: .none,
        batching: Provider.Batching(queryName: "pair", combine: Kraken.combinedTickers), probe: { _ in Kraken.ticker(["XXBTZUSD"]).descriptor })
}
