import AlmanacCore
import AlmanacHTTP
import Foundation

/// Twelve Data endpoints. Every decoder checks `"status":"error"`, which arrives with HTTP 200 too.
package enum TwelveData {
    /// Today's prices stay fresh for a minute.
    package static let quoteTTL: TimeInterval = 60
    /// A closed day's history never changes; keep it a day.
    package static let closedHistoryTTL: TimeInterval = 86400
    /// The catalogue changes daily.
    package static let catalogueTTL: TimeInterval = 86400
    /// Most bars one request returns.
    package static let maxOutputSize = 5000

    /// Quotes for up to 8 symbols in one request (one credit each), keyed by symbol as sent.
    package static func quotes(_ symbols: [String]) -> Endpoint<[String: TwelveDataDTO.QuoteResult]> {
        let joined = symbols.joined(separator: ",")
        let descriptor = RequestDescriptor(
            provider: .twelveData, name: "twelvedata.quote", subject: "prices of \(symbols.joined(separator: ", "))", path: "/quote",
            query: [QueryItem("symbol", joined)], ttl: quoteTTL)
        return Endpoint(descriptor) { data in try decodeQuotes(data, symbols: symbols) }
    }

    /// Daily bars from `start` to `endExclusive` (the provider's `end_date` is exclusive), oldest first.
    package static func timeSeries(_ symbol: String, start: LocalDate, endExclusive: LocalDate, closed: Bool) -> Endpoint<TwelveDataDTO.TimeSeries> {
        let descriptor = RequestDescriptor(
            provider: .twelveData, name: "twelvedata.time_series", subject: "price history of \(symbol)", path: "/time_series",
            query: [
                QueryItem("symbol", symbol), QueryItem("interval", "1day"), QueryItem("start_date", start.description),
                QueryItem("end_date", endExclusive.description), QueryItem("order", "asc"), QueryItem("outputsize", String(maxOutputSize)),
            ],
            ttl: closed ? closedHistoryTTL : quoteTTL)
        return Endpoint(descriptor) { data in
            try JSONDecoding.decode(TwelveDataDTO.TimeSeries.self, from: try document(data, endpoint: descriptor.name), endpoint: descriptor.name)
        }
    }

    /// How many units of the second currency one unit of the first buys: `/exchange_rate?symbol=USD/EUR`
    /// (one credit). Cached like a quote.
    package static func exchangeRate(_ symbol: String) -> Endpoint<TwelveDataDTO.ExchangeRate> {
        let descriptor = RequestDescriptor(
            provider: .twelveData, name: "twelvedata.exchange_rate", subject: "exchange rate \(symbol)", path: "/exchange_rate",
            query: [QueryItem("symbol", symbol)], ttl: quoteTTL)
        return Endpoint(descriptor) { data in
            try JSONDecoding.decode(TwelveDataDTO.ExchangeRate.self, from: try document(data, endpoint: descriptor.name), endpoint: descriptor.name)
        }
    }

    /// Every crypto pair: `/cryptocurrencies` (one credit).
    package static func cryptocurrencies() -> Endpoint<TwelveDataDTO.Catalogue> {
        var descriptor = RequestDescriptor(
            provider: .twelveData, name: "twelvedata.cryptocurrencies", subject: "pair catalogue", path: "/cryptocurrencies", ttl: catalogueTTL)
        descriptor.reference = true  // read for the pairs' names whoever prices
        return Endpoint(descriptor) { [descriptor] data in
            try JSONDecoding.decode(TwelveDataDTO.Catalogue.self, from: try document(data, endpoint: descriptor.name), endpoint: descriptor.name)
        }
    }

    /// The plan's usage as the server counts it: `/api_usage` (one credit). Never served from the cache.
    package static func apiUsage() -> Endpoint<TwelveDataDTO.APIUsage> {
        let descriptor = RequestDescriptor(provider: .twelveData, name: "twelvedata.api_usage", subject: "plan usage", path: "/api_usage", ttl: 0)
        return Endpoint(descriptor) { data in
            try JSONDecoding.decode(TwelveDataDTO.APIUsage.self, from: try document(data, endpoint: descriptor.name), endpoint: descriptor.name)
        }
    }

    /// Splits a batch answer (an object keyed by symbol) into each symbol's own answer; error
    /// items and symbols missing from the answer are left out.
    package static func splitBatch(_ data: Data, symbols: [String]) -> [String: Data] {
        guard symbols.count > 1, let object = JSONValue.parse(data) else { return [:] }
        var parts: [String: Data] = [:]
        for symbol in symbols {
            guard let item = object[symbol], case .object = item, item["status"]?.stringValue != "error" else { continue }
            parts[symbol] = item.encoded()
        }
        return parts
    }

    // MARK: - Decoding

    /// The answer parsed once; `APIError.provider` when it is Twelve Data's error object, a
    /// `DecodingFailure` when it is not JSON.
    static func document(_ data: Data, endpoint: String) throws -> JSONValue {
        guard let root = JSONValue.parse(data) else { throw DecodingFailure(endpoint: endpoint, detail: "the response is not valid JSON") }
        try checkStatus(root)
        return root
    }

    /// Throws `APIError.provider` when the document is Twelve Data's error object.
    static func checkStatus(_ root: JSONValue) throws {
        guard root["status"]?.stringValue == "error" else { return }
        throw APIError.provider(
            provider: .twelveData, code: root["code"]?.intValue, message: ProviderMessage.clean(root["message"]?.stringValue ?? "unknown error"))
    }

    /// One symbol: a quote object (or an error object). Several: an object keyed by each symbol.
    static func decodeQuotes(_ data: Data, symbols: [String]) throws -> [String: TwelveDataDTO.QuoteResult] {
        let name = "twelvedata.quote"
        if symbols.count == 1 {
            return [symbols[0]: .quote(try JSONDecoding.decode(TwelveDataDTO.Quote.self, from: try document(data, endpoint: name), endpoint: name))]
        }
        guard let root = JSONValue.parse(data), case .object = root else {
            throw DecodingFailure(endpoint: name, detail: "the response is not a JSON object")
        }
        try checkStatus(root)
        var results: [String: TwelveDataDTO.QuoteResult] = [:]
        for symbol in symbols {
            guard let item = root[symbol], case .object = item else {
                results[symbol] = .failure("missing from the answer")
                continue
            }
            if item["status"]?.stringValue == "error" {
                results[symbol] = .failure(ProviderMessage.clean(item["message"]?.stringValue ?? "unknown error"))
                continue
            }
            results[symbol] = .quote(try JSONDecoding.decode(TwelveDataDTO.Quote.self, from: item, endpoint: "\(name).\(symbol)"))
        }
        return results
    }
}
