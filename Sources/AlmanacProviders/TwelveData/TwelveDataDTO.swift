// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

/// Twelve Data shapes. Prices, OHLC and changes arrive as strings.
public enum TwelveDataDTO {
    public struct Quote: Decodable, Sendable, Equatable {
        public var symbol: String
        public var name: String?
        public var exchange: String?
        public var datetime: String?
        public var timestamp: Int?
        public var open: LenientDouble?
        public var high: LenientDouble?
        public var low: LenientDouble?
        public var close: LenientDouble?
        public var previous_close: LenientDouble?
        public var change: LenientDouble?
        public var percent_change: LenientDouble?
        public var is_market_open: Bool?
        public var currency_base: String?
        public var currency_quote: String?
    }

    /// One symbol of a batch: its quote, or its own error inside an HTTP 200.
    public enum QuoteResult: Sendable, Equatable {
        case quote(Quote)
        case failure(String)
    }

    public struct ErrorBody: Decodable, Sendable {
        public var code: Int?
        public var message: String?
        public var status: String?
    }

    public struct Bar: Decodable, Sendable, Equatable {
        public var datetime: String
        public var open: LenientDouble?
        public var high: LenientDouble?
        public var low: LenientDouble?
        public var close: LenientDouble

        private enum CodingKeys: String, CodingKey { case datetime, open, high, low, close }

        public init(datetime: String, open: LenientDouble?, high: LenientDouble?, low: LenientDouble?, close: LenientDouble) {
            (self.datetime, self.open, self.high, self.low, self.close) = (datetime, open, high, low, close)
        }

        /// A series holds hundreds of bars: from the program's decoder a bar is read from its JSON
        /// object in one pass; anything unexpected (and any other decoder) takes the container
        /// path, which reports the error with its coding path.
        public init(from decoder: any Decoder) throws {
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
                    datetime = value.stringValue
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

    public struct TimeSeries: Decodable, Sendable {
        public struct Meta: Decodable, Sendable {
            public var symbol: String?
            public var interval: String?
            public var currency_base: String?
            public var currency_quote: String?
        }
        public var meta: Meta?
        public var values: [Bar]?
        public var status: String?
    }

    public struct Pair: Decodable, Sendable, Equatable {
        public var symbol: String
        public var available_exchanges: [String]?
        public var currency_base: String?
        public var currency_quote: String?

        /// `LUNA/USD (LUNA in USD)`: one pair in a list to choose from.
        public var choiceText: String { "\(symbol) (\(currency_base ?? "?") in \(currency_quote ?? "?"))" }
    }

    public struct Catalogue: Decodable, Sendable {
        public var data: [Pair]
        public var count: Int?
        public var status: String?
    }

    /// `/api_usage`: the server's own count of the plan's credits.
    public struct APIUsage: Decodable, Sendable, Equatable {
        public var timestamp: String?
        /// Credits used in the current minute.
        public var current_usage: Int?
        /// Credits a minute.
        public var plan_limit: Int?
        public var daily_usage: Int?
        public var plan_daily_limit: Int?
        public var plan_category: String?
    }
}
