// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

extension METNorwayDTO {
    /// Nowcast 2.0 `complete` as sent: a GeoJSON Feature like Locationforecast's, one step every
    /// 5 minutes for about 2 hours. Only `meta.radar_coverage` `ok` gives precipitation; outside
    /// the radars (`no coverage`) or while they are down (`temporarily unavailable`) the steps
    /// carry no `precipitation_rate`.
    package struct Nowcast: Decodable, Sendable {
        package var geometry: Geometry?
        package var properties: NowcastProperties
    }

    package struct NowcastProperties: Decodable, Sendable {
        package var meta: NowcastMeta?
        package var timeseries: [NowcastStep]
    }

    package struct NowcastMeta: Decodable, Sendable {
        package var updated_at: String?
        /// `ok`, `temporarily unavailable` or `no coverage`.
        package var radar_coverage: String?
    }

    package struct NowcastStep: Decodable, Sendable {
        /// UTC, `2026-11-20T14:05:00Z`.
        package var time: String
        package var data: NowcastStepData
    }

    package struct NowcastStepData: Decodable, Sendable {
        package var instant: NowcastInstant?
    }

    package struct NowcastInstant: Decodable, Sendable {
        package var details: NowcastDetails?
    }

    /// Units: mm/h, °C.
    package struct NowcastDetails: Decodable, Sendable {
        package var precipitation_rate, air_temperature: Double?
    }
}
