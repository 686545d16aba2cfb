import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// Crypto prices and history; the key in an `Authorization` header; plan credits per request.
    package static let twelveData = Provider(
        rawValue: "twelvedata", displayName: "Twelve Data", keyVariable: "TWELVEDATA_API_KEY", urlVariable: "ALMANAC_TWELVEDATA_URL",
        defaultBaseURL: "https://api.twelvedata.com", keyPlacement: .header("Authorization", prefix: "apikey "), spendsAllowance: true,
        batching: .keyedByItem("symbol") { symbol in
            .object([
                ("code", .int(404)), ("message", .string("**symbol** not found: \(symbol). Please specify it correctly")),
                ("status", .string("error")),
            ])
        },
        datedRows: Provider.DatedRows(rows: "values", date: "datetime", startQuery: "start_date", endQuery: "end_date", endExclusive: true),
        probe: { RequestDescriptor(provider: $0, name: "twelvedata.price", path: "/price", query: [QueryItem("symbol", "BTC/USD")], ttl: 0) })
}
