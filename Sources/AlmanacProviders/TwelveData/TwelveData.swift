import AlmanacCore
import AlmanacHTTP
import Foundation

/// Twelve Data endpoints. Every decoder checks `"status":"error"`, which arrives with HTTP 200 too.
public enum TwelveData {
    /// Today's prices stay fresh for a minute.
    public static let quoteTTL: TimeInterval = 60
    /// A closed day's history never changes; keep it a day.
    public static let closedHistoryTTL: TimeInterval = 86400
    /// The catalogue changes daily.
    public static let catalogueTTL: TimeInterval = 86400
    /// Most bars one request returns.
    public static let maxOutputSize = 5000

    /// Quotes for up to 8 symbols in one request (one credit each), keyed by symbol as sent.
    public static func quotes(_ symbols: [String]) -> Endpoint<[String: TwelveDataDTO.QuoteResult]> {
        let joined = symbols.joined(separator: ",")
        let descriptor = RequestDescriptor(
            provider: .twelveData, name: "twelvedata.quote", subject: "prices of \(symbols.joined(separator: ", "))", path: "/quote",
            query: [QueryItem("symbol", joined)], ttl: quoteTTL)
        return Endpoint(descriptor) { data in try decodeQuotes(data, symbols: symbols) }
    }

    /// Daily bars from `start` to `endExclusive` (the provider's `end_date` is exclusive), oldest first.
    public static func timeSeries(_ symbol: String, start: LocalDate, endExclusive: LocalDate, closed: Bool) -> Endpoint<TwelveDataDTO.TimeSeries> {
        let descriptor = RequestDescriptor(
            provider: .twelveData, name: "twelvedata.time_series", subject: "price history of \(symbol)", path: "/time_series",
            query: [
                QueryItem("symbol", symbol), QueryItem("interval", "1day"), QueryItem("start_date", start.description),
                QueryItem("end_date", endExclusive.description), QueryItem("order", "asc"), QueryItem("outputsize", String(maxOutputSize)),
            ],
            ttl: closed ? closedHistoryTTL : quoteTTL)
        return Endpoint(descriptor) { data in
            try checkStatus(data, endpoint: descriptor.name)
            return try JSONDecoding.decode(TwelveDataDTO.TimeSeries.self, from: data, endpoint: descriptor.name)
        }
    }

    /// Every crypto pair: `/cryptocurrencies` (one credit).
    public static func cryptocurrencies() -> Endpoint<TwelveDataDTO.Catalogue> {
        let descriptor = RequestDescriptor(
            provider: .twelveData, name: "twelvedata.cryptocurrencies", subject: "pair catalogue", path: "/cryptocurrencies", ttl: catalogueTTL)
        return Endpoint(descriptor) { data in
            try checkStatus(data, endpoint: descriptor.name)
            return try JSONDecoding.decode(TwelveDataDTO.Catalogue.self, from: data, endpoint: descriptor.name)
        }
    }

    /// The plan's usage as the server counts it: `/api_usage` (one credit). Never served from the cache.
    public static func apiUsage() -> Endpoint<TwelveDataDTO.APIUsage> {
        let descriptor = RequestDescriptor(provider: .twelveData, name: "twelvedata.api_usage", subject: "plan usage", path: "/api_usage", ttl: 0)
        return Endpoint(descriptor) { data in
            try checkStatus(data, endpoint: descriptor.name)
            return try JSONDecoding.decode(TwelveDataDTO.APIUsage.self, from: data, endpoint: descriptor.name)
        }
    }

    /// Splits a batch answer (an object keyed by symbol) into each symbol's own answer; error
    /// items and symbols missing from the answer are left out.
    public static func splitBatch(_ data: Data, symbols: [String]) -> [String: Data] {
        guard symbols.count > 1, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        var parts: [String: Data] = [:]
        for symbol in symbols {
            guard let item = object[symbol] as? [String: Any], item["status"] as? String != "error",
                let encoded = try? JSONSerialization.data(withJSONObject: item, options: [.sortedKeys])
            else { continue }
            parts[symbol] = encoded
        }
        return parts
    }

    // MARK: - Decoding

    /// Throws `APIError.provider` when the body is Twelve Data's error object.
    static func checkStatus(_ data: Data, endpoint: String) throws {
        guard data.range(of: Data("\"error\"".utf8)) != nil else { return }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["status"] as? String == "error"
        else { return }
        throw APIError.provider(
            provider: .twelveData, code: object["code"] as? Int,
            message: ProviderMessage.clean(object["message"] as? String ?? "unknown error"))
    }

    /// One symbol: a quote object (or an error object). Several: an object keyed by each symbol.
    static func decodeQuotes(_ data: Data, symbols: [String]) throws -> [String: TwelveDataDTO.QuoteResult] {
        let name = "twelvedata.quote"
        if symbols.count == 1 {
            try checkStatus(data, endpoint: name)
            return [symbols[0]: .quote(try JSONDecoding.decode(TwelveDataDTO.Quote.self, from: data, endpoint: name))]
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw DecodingFailure(endpoint: name, detail: "the response is not a JSON object")
        }
        if object["status"] as? String == "error" { try checkStatus(data, endpoint: name) }
        var results: [String: TwelveDataDTO.QuoteResult] = [:]
        for symbol in symbols {
            guard let item = object[symbol] as? [String: Any] else {
                results[symbol] = .failure("missing from the answer")
                continue
            }
            if item["status"] as? String == "error" {
                results[symbol] = .failure(ProviderMessage.clean(item["message"] as? String ?? "unknown error"))
                continue
            }
            let encoded = try JSONSerialization.data(withJSONObject: item)
            results[symbol] = .quote(try JSONDecoding.decode(TwelveDataDTO.Quote.self, from: encoded, endpoint: "\(name).\(symbol)"))
        }
        return results
    }
}
