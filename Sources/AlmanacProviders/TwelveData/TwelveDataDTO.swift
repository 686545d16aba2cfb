// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

/// Twelve Data shapes. Prices, OHLC and changes arrive as strings.
package enum TwelveDataDTO {
    package struct Quote: Decodable, Sendable, Equatable {
        package var symbol: String
        package var name, exchange, datetime: String?
        package var timestamp: Int?
        package var open, high, low, close, previous_close, change, percent_change: LenientDouble?
        package var is_market_open: Bool?
        package var currency_base, currency_quote: String?
    }

    /// One symbol of a batch: its quote, or its own error inside an HTTP 200.
    /// (A quote can also be made from another provider's answer: `Quote(symbol:…)`.)
    package enum QuoteResult: Sendable, Equatable {
        case quote(Quote)
        case failure(String)
    }

    package struct ErrorBody: Decodable, Sendable {
        package var code: Int?
        package var message, status: String?
    }

    package struct Bar: Decodable, Sendable, Equatable {
        package var datetime: String
        package var open, high, low: LenientDouble?
        package var close: LenientDouble

        private enum CodingKeys: String, CodingKey { case datetime, open, high, low, close }

        package init(datetime: String, open: LenientDouble?, high: LenientDouble?, low: LenientDouble?, close: LenientDouble) {
            (self.datetime, self.open, self.high, self.low, self.close) = (datetime, open, high, low, close)
        }

        /// A series holds hundreds of bars: from the program's decoder a bar is read from its JSON
        /// object in one pass; anything unexpected (and any other decoder) takes the container
        /// path, which reports the error with its coding path.
        package init(from decoder: any Decoder) throws {
            if let json = JSONTreeDecoder.value(of: decoder), let bar = Bar(json: json) {
                self = bar
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            datetime = try container.decode(String.self, forKey: .datetime)
            open = try container.decodeIfPresent(LenientDouble.self, forKey: .open)
            high = try container.decodeIfPresent(LenientDouble.self, forKey: .high)
            low = try container.decodeIfPresent(LenientDouble.self, forKey: .low)
            close = try container.decode(LenientDouble.self, forKey: .close)
        }

        /// Nil unless `datetime` is a string, `close` a number and the others numbers, null or absent.
        init?(json: JSONValue) {
            guard case .object(let members) = json else { return nil }
            var datetime: String?
            var (open, high, low, close): (Double?, Double?, Double?, Double?)
            for (name, value) in members {
                let read: Bool
                switch name {
                case "datetime":
                    datetime = value.stringValue.map(TerminalText.outside)
                    read = true
                case "open": read = Self.price(value, into: &open)
                case "high": read = Self.price(value, into: &high)
                case "low": read = Self.price(value, into: &low)
                case "close": read = Self.price(value, into: &close)
                default: read = true
                }
                guard read else { return nil }
            }
            guard let datetime, let close else { return nil }
            self.init(
                datetime: datetime, open: open.map(LenientDouble.init), high: high.map(LenientDouble.init), low: low.map(LenientDouble.init),
                close: LenientDouble(close))
        }

        /// Stores a price member (null leaves it absent); false when it is not a number.
        private static func price(_ value: JSONValue, into slot: inout Double?) -> Bool {
            if case .null = value { return true }
            guard let number = LenientDouble.number(in: value) else { return false }
            slot = number
            return true
        }
    }

    package struct TimeSeries: Decodable, Sendable {
        package struct Meta: Decodable, Sendable {
            package var symbol, interval, currency_base, currency_quote: String?
        }
        package var meta: Meta?
        package var values: [Bar]?
        package var status: String?
    }

    package struct Pair: Decodable, Sendable, Equatable {
        package var symbol: String
        package var available_exchanges: [String]?
        package var currency_base, currency_quote: String?

        /// `LUNA/USD (LUNA in USD)`: one pair in a list to choose from.
        package var choiceText: String { "\(symbol) (\(currency_base ?? "?") in \(currency_quote ?? "?"))" }
    }

    package struct Catalogue: Decodable, Sendable {
        package var data: [Pair]
        package var count: Int?
        package var status: String?
    }

    /// `/exchange_rate`: `{"symbol":"USD/EUR","rate":0.8621,"timestamp":1795132800}`.
    package struct ExchangeRate: Decodable, Sendable, Equatable {
        /// The pair asked for, `USD/EUR`.
        package var symbol: String?
        /// Units of the second currency for one of the first.
        package var rate: LenientDouble
        /// When the rate was taken (Unix seconds).
        package var timestamp: Int?
    }

    /// `/api_usage`: the server's own count of the plan's credits.
    package struct APIUsage: Decodable, Sendable, Equatable {
        package var timestamp: String?
        /// Credits used in the current minute.
        package var current_usage: Int?
        /// Credits a minute.
        package var plan_limit, daily_usage, plan_daily_limit: Int?
        package var plan_category: String?
    }
}

extension TwelveDataDTO.Quote {
    /// A quote made from another provider's answer (Kraken's ticker), read by the same rows.
    package init(
        symbol: String, open: LenientDouble?, high: LenientDouble?, low: LenientDouble?, close: LenientDouble?, percent_change: LenientDouble?
    ) {
        self.symbol = symbol
        (self.open, self.high, self.low, self.close, self.percent_change) = (open, high, low, close, percent_change)
    }
}
