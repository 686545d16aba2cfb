// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

/// Locationforecast 2.0 `compact` as sent: a GeoJSON Feature whose `properties.timeseries` holds
/// one step per hour, then per 6 hours. Every block is optional: the last steps of an answer
/// carry only `next_1_hours`, or only the instant.
package enum METNorwayDTO {
    package struct Forecast: Decodable, Sendable, Equatable {
        package var geometry: Geometry?
        package var properties: Properties
    }

    package struct Geometry: Decodable, Sendable, Equatable {
        /// `[longitude, latitude, altitude]`.
        package var coordinates: [Double]?
    }

    package struct Properties: Decodable, Sendable, Equatable {
        package var meta: Meta?
        package var timeseries: [Step]

        private enum CodingKeys: String, CodingKey { case meta, timeseries }
    }

    package struct Meta: Decodable, Sendable, Equatable {
        package var updated_at: String?
    }

    package struct Step: Decodable, Sendable, Equatable {
        /// UTC, `2026-11-20T09:00:00Z`.
        package var time: String
        package var data: StepData
    }

    package struct StepData: Decodable, Sendable, Equatable {
        package var instant: Instant?
        package var next_1_hours, next_6_hours, next_12_hours: Block?
    }

    package struct Instant: Decodable, Sendable, Equatable {
        package var details: InstantDetails?
    }

    /// Units: °C, hPa, %, degrees (the wind comes from), m/s.
    package struct InstantDetails: Decodable, Sendable, Equatable {
        package var air_temperature, air_pressure_at_sea_level, cloud_area_fraction, relative_humidity: Double?
        package var wind_from_direction, wind_speed, wind_speed_of_gust: Double?
    }

    /// The weather over the next 1, 6 or 12 hours from the step's time.
    package struct Block: Decodable, Sendable, Equatable {
        package var summary: Summary?
        package var details: BlockDetails?
    }

    package struct Summary: Decodable, Sendable, Equatable {
        /// `clearsky_day`, `lightrain`, `heavysnowshowers_polartwilight`, …
        package var symbol_code: String?
    }

    package struct BlockDetails: Decodable, Sendable, Equatable {
        /// Millimetres over the block.
        package var precipitation_amount: Double?
        /// Percent, in `complete` only.
        package var probability_of_precipitation: Double?
    }
}

extension METNorwayDTO.Properties {
    /// About 90 steps of five nested objects each: from the program's decoder they are read from
    /// the JSON tree in one pass (`METNorwayDTO+Tree`), which costs a glance a fraction of the
    /// containers' work; anything unexpected (and any other decoder) takes the container path,
    /// which reports the error with its coding path.
    package init(from decoder: any Decoder) throws {
        if let json = JSONTreeDecoder.value(of: decoder), let read = Self(json: json) {
            self = read
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        meta = try container.decodeIfPresent(METNorwayDTO.Meta.self, forKey: .meta)
        timeseries = try container.decode([METNorwayDTO.Step].self, forKey: .timeseries)
    }
}
