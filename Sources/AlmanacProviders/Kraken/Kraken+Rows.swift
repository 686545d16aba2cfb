import AlmanacCore
import AlmanacHTTP
import Foundation

extension Kraken {
    /// The candles of an OHLC result: the one array under the pair's key (`last` beside it).
    static func candles(_ result: JSONValue, endpoint: String) throws -> [KrakenDTO.Candle] {
        try rows(result, endpoint: endpoint).map { row in
            guard row.count >= 5, let time = number(row[0]), let open = number(row[1]), let high = number(row[2]),
                let low = number(row[3]), let close = number(row[4])
            else { throw DecodingFailure(endpoint: endpoint, detail: "a candle is not [time, open, high, low, close, …]") }
            return KrakenDTO.Candle(time: Date(timeIntervalSince1970: time), open: open, high: high, low: low, close: close)
        }
    }

    /// The trades of a Trades result and its `last` cursor.
    static func trades(_ result: JSONValue, endpoint: String) throws -> KrakenDTO.Trades {
        let trades = try rows(result, endpoint: endpoint).map { row in
            guard row.count >= 4, let price = number(row[0]), let volume = number(row[1]), let time = number(row[2]),
                let side = row[3].stringValue
            else { throw DecodingFailure(endpoint: endpoint, detail: "a trade is not [price, volume, time, side, …]") }
            let id = row.count >= 7 ? number(row[6]).flatMap { Int64(exactly: $0) } : nil  // else numbered in arrival order
            return KrakenDTO.Trade(price: price, volume: volume, time: Date(timeIntervalSince1970: time), side: side, id: id)
        }
        let last = result["last"]?.stringValue ?? result["last"]?.doubleValue.flatMap { Int64(exactly: $0) }.map(String.init)
        guard let last else { throw DecodingFailure(endpoint: endpoint, detail: "the answer has no last cursor") }
        return KrakenDTO.Trades(trades: trades, last: last)
    }

    /// The rows under the result's one pair key.
    private static func rows(_ result: JSONValue, endpoint: String) throws -> [[JSONValue]] {
        guard case .object(let members) = result, let rows = members.first(where: { $0.0 != "last" })?.1, case .array(let list) = rows else {
            throw DecodingFailure(endpoint: endpoint, detail: "the result holds no rows")
        }
        return try list.map { item in
            guard case .array(let row) = item else { throw DecodingFailure(endpoint: endpoint, detail: "a row is not an array") }
            return row
        }
    }

    /// A finite number sent as a string or as a number; nil for anything else ("inf", "nan").
    private static func number(_ value: JSONValue) -> Double? {
        (value.stringValue.flatMap(Double.init) ?? value.doubleValue).flatMap { $0.isFinite ? $0 : nil }
    }
}
