import AlmanacCore
import AlmanacHTTP
import Foundation

/// Kraken's public endpoints and the traps of its answers (docs/architecture.md §3): every
/// number is a string; results are keyed by Kraken's own pair names; an error comes in an HTTP
/// 200 as `{"error":["EQuery:Unknown asset pair"],"result":{}}`; a rate limit as HTTP 429 or as
/// `EGeneral:Too many requests` / `EAPI:Rate limit exceeded` in the body.
package enum Kraken {
    /// A ticker is fresh for a minute, as Twelve Data's quotes are (Kraken sends no cache headers).
    package static let tickerTTL: TimeInterval = 60
    /// The catalogue changes rarely: a day.
    package static let catalogueTTL: TimeInterval = 86400
    /// Daily candles: an hour (today's still moves; closed days never do).
    package static let candlesTTL: TimeInterval = 3600
    /// The credit line beside the data.
    package static let attribution = "Prices from Kraken's public API"

    /// `/0/public/AssetPairs`: every pair, by Kraken's name.
    package static func assetPairs() -> Endpoint<[String: KrakenDTO.AssetPair]> {
        let descriptor = RequestDescriptor(
            provider: .kraken, name: "kraken.pairs", subject: "Kraken's pair catalogue", path: "/0/public/AssetPairs", ttl: catalogueTTL)
        return Endpoint(descriptor) { data in
            try JSONDecoding.decode([String: KrakenDTO.AssetPair].self, from: try result(data, endpoint: descriptor.name), endpoint: descriptor.name)
        }
    }

    /// `/0/public/Ticker?pair=A,B,…`: every pair in one request, keyed by Kraken's names.
    package static func ticker(_ pairs: [String]) -> Endpoint<[String: KrakenDTO.Ticker]> {
        let descriptor = RequestDescriptor(
            provider: .kraken, name: "kraken.ticker", subject: "prices of \(pairs.joined(separator: ", "))", path: "/0/public/Ticker",
            query: [QueryItem("pair", pairs.joined(separator: ","))], ttl: tickerTTL)
        return Endpoint(descriptor) { data in
            try JSONDecoding.decode([String: KrakenDTO.Ticker].self, from: try result(data, endpoint: descriptor.name), endpoint: descriptor.name)
        }
    }

    /// `/0/public/OHLC?pair=P&interval=1440&since=T`: daily candles from `since` (at most the
    /// last 720 days), oldest first.
    package static func dailyCandles(_ pair: String, since: Date) -> Endpoint<[KrakenDTO.Candle]> {
        let descriptor = RequestDescriptor(
            provider: .kraken, name: "kraken.ohlc", subject: "price history of \(pair)", path: "/0/public/OHLC",
            query: [QueryItem("pair", pair), QueryItem("interval", "1440"), QueryItem("since", String(Int(since.timeIntervalSince1970)))],
            ttl: candlesTTL)
        return Endpoint(descriptor) { data in try candles(try result(data, endpoint: descriptor.name), endpoint: descriptor.name) }
    }

    /// `/0/public/Trades?pair=P[&since=CURSOR]`: the trades after the cursor (the recent ones
    /// without), and the cursor to ask from next. Never cached: a tape reads each answer once.
    package static func trades(_ pair: String, since cursor: String?) -> Endpoint<KrakenDTO.Trades> {
        var query = [QueryItem("pair", pair)]
        if let cursor { query.append(QueryItem("since", cursor)) }
        let descriptor = RequestDescriptor(
            provider: .kraken, name: "kraken.trades", subject: "trades of \(pair)", path: "/0/public/Trades", query: query, ttl: 0)
        return Endpoint(descriptor) { data in try trades(try result(data, endpoint: descriptor.name), endpoint: descriptor.name) }
    }

    /// The `result` object, after the `error` array: a rate limit is `APIError.rateLimited`, any
    /// other error `APIError.provider` with Kraken's own words.
    static func result(_ data: Data, endpoint: String) throws -> JSONValue {
        guard let root = JSONValue.parse(data), case .object = root else {
            throw DecodingFailure(endpoint: endpoint, detail: "the response is not a JSON object")
        }
        if case .array(let errors) = root["error"] ?? .null, let first = errors.first?.stringValue {
            if first.hasPrefix("EGeneral:Too many requests") || first.hasPrefix("EAPI:Rate limit exceeded") {
                throw APIError.rateLimited(provider: .kraken, retryAfter: nil)
            }
            throw APIError.provider(provider: .kraken, code: nil, message: ProviderMessage.clean(first))
        }
        guard let result = root["result"], case .object = result else {
            throw DecodingFailure(endpoint: endpoint, detail: "the response has no result object")
        }
        return result
    }

    /// Kraken's asset codes for the symbols people use: XBT is BTC, XDG is DOGE.
    package static func commonSymbol(_ asset: String) -> String {
        switch asset {
        case "XBT": "BTC"
        case "XDG": "DOGE"
        default: asset
        }
    }

    /// The user's pairs (`BTC/USD`) to Kraken's names (`XXBTZUSD`), from the catalogue; the
    /// `.d` entries (the same market's dark pool) are never the one to price.
    package static func names(_ catalogue: [String: KrakenDTO.AssetPair]) -> [String: String] {
        var names: [String: String] = [:]
        for (name, pair) in catalogue.sorted(by: { $0.key < $1.key }) where !name.hasSuffix(".d") {
            if let user = userPair(pair), names[user] == nil { names[user] = name }
        }
        return names
    }

    /// `BTC/USD` for a catalogue entry (its `wsname` with the common symbols); nil without one.
    package static func userPair(_ pair: KrakenDTO.AssetPair) -> String? {
        guard let parts = pair.wsname?.split(separator: "/"), parts.count == 2 else { return nil }
        return commonSymbol(String(parts[0])) + "/" + commonSymbol(String(parts[1]))
    }
}
