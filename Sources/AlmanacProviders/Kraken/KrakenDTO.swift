import AlmanacCore
import AlmanacHTTP
import Foundation

/// Kraken's public answers as sent: every number a string, results keyed by Kraken's own pair
/// names (legacy `XXBTZUSD`, newer `SOLUSD`), errors as strings in a 200's `error` array.
package enum KrakenDTO {
    /// One pair of the catalogue (`/0/public/AssetPairs`).
    package struct AssetPair: Decodable, Sendable, Equatable {
        /// `XBTUSD`: the name requests may use.
        package var altname: String?
        /// `XBT/USD`: the websocket name, base and quote with Kraken's asset codes.
        package var wsname, base, quote: String?
    }

    /// One pair's ticker (`/0/public/Ticker`): `c` last trade [price, volume], `o` today's
    /// opening price (00:00 UTC), `h`/`l` [today, last 24 h], `v` volume [today, last 24 h].
    package struct Ticker: Decodable, Sendable, Equatable {
        package var c: [String]
        package var o: String
        package var h, l, v: [String]?

        package var last: Double? { c.first.flatMap(Double.init) }
        package var open: Double? { Double(o) }
        package var high: Double? { h?.first.flatMap(Double.init) }
        package var low: Double? { l?.first.flatMap(Double.init) }
    }

    /// One daily candle of `/0/public/OHLC`: [time, open, high, low, close, vwap, volume, count].
    package struct Candle: Sendable, Equatable {
        package var time: Date
        package var open, high, low, close: Double
    }

    /// One trade of `/0/public/Trades`: [price, volume, time, side b/s, type, misc, trade id].
    package struct Trade: Sendable, Equatable {
        package var price, volume: Double
        package var time: Date
        /// `b` buy, `s` sell.
        package var side: String
        /// Kraken's trade id; nil in answers whose rows carry none.
        package var id: Int64?
    }

    /// A `Trades` answer: the pair's trades, oldest first, and the cursor for the next call.
    package struct Trades: Sendable, Equatable {
        package var trades: [Trade]
        package var last: String
    }
}
