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
