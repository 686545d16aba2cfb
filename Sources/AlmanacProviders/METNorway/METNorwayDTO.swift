// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

/// Locationforecast 2.0 `compact` as sent: a GeoJSON Feature whose `properties.timeseries` holds
/// one step per hour, then per 6 hours. Every block is optional: the last steps of an answer
/// carry only `next_1_hours`, or only the instant.
public enum METNorwayDTO {
    public struct Forecast: Decodable, Sendable {
        public var geometry: Geometry?
        public var properties: Properties
    }

    public struct Geometry: Decodable, Sendable {
        /// `[longitude, latitude, altitude]`.
        public var coordinates: [Double]?
    }

    public struct Properties: Decodable, Sendable {
        public var meta: Meta?
        public var timeseries: [Step]
    }

    public struct Meta: Decodable, Sendable {
        public var updated_at: String?
    }

    public struct Step: Decodable, Sendable {
        /// UTC, `2026-11-20T09:00:00Z`.
        public var time: String
        public var data: StepData
    }

    public struct StepData: Decodable, Sendable {
        public var instant: Instant?
        public var next_1_hours: Block?
        public var next_6_hours: Block?
        public var next_12_hours: Block?
    }

    public struct Instant: Decodable, Sendable {
        public var details: InstantDetails?
    }

    /// Units: °C, hPa, %, degrees (the wind comes from), m/s.
    public struct InstantDetails: Decodable, Sendable {
        public var air_temperature: Double?
        public var air_pressure_at_sea_level: Double?
        public var cloud_area_fraction: Double?
        public var relative_humidity: Double?
        public var wind_from_direction: Double?
        public var wind_speed: Double?
        public var wind_speed_of_gust: Double?
    }

    /// The weather over the next 1, 6 or 12 hours from the step's time.
    public struct Block: Decodable, Sendable {
        public var summary: Summary?
        public var details: BlockDetails?
    }

    public struct Summary: Decodable, Sendable {
        /// `clearsky_day`, `lightrain`, `heavysnowshowers_polartwilight`, …
        public var symbol_code: String?
    }

    public struct BlockDetails: Decodable, Sendable {
        /// Millimetres over the block.
        public var precipitation_amount: Double?
        /// Percent, in `complete` only.
        public var probability_of_precipitation: Double?
    }
}
