// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

extension OpenMeteoDTO {
    /// `/v1/forecast` with `minutely_15` and `timeformat=unixtime`: columns of 15-minute values;
    /// precipitation is millimetres over the 15 minutes before each time; values may be null.
    package struct Minutely: Decodable, Sendable {
        package var latitude, longitude: Double?
        package var minutely_15: MinutelyColumns?
    }

    package struct MinutelyColumns: Decodable, Sendable {
        /// Seconds since 1970.
        package var time: [Int]
        package var precipitation, precipitation_probability: [Double?]?
    }

    /// `/v1/archive` with `daily=temperature_2m_min,temperature_2m_max,precipitation_sum`: one row
    /// a local day (`YYYY-MM-DD`); a day the reanalysis lacks is null.
    package struct Archive: Decodable, Sendable {
        package var daily: ArchiveDays?
    }

    package struct ArchiveDays: Decodable, Sendable {
        package var time: [String]
        package var temperature_2m_min, temperature_2m_max, precipitation_sum: [Double?]?
    }

    /// `/v1/forecast` with `current=uv_index` and `daily=uv_index_max`: local days (`YYYY-MM-DD`).
    package struct UV: Decodable, Sendable {
        package var current: UVNow?
        package var daily: UVDays?
    }

    package struct UVNow: Decodable, Sendable {
        package var uv_index: Double?
    }

    package struct UVDays: Decodable, Sendable {
        package var time: [String]
        package var uv_index_max: [Double?]?
    }

    /// `/v1/air-quality` with `current`, `hourly` and `timeformat=unixtime`. Indices: European AQI
    /// (0 to over 100) and US AQI (0–500); concentrations in µg/m³; pollen in grains/m³, Europe only
    /// (null elsewhere).
    package struct Air: Decodable, Sendable {
        package var latitude, longitude: Double?
        package var current: AirNow?
        package var hourly: AirHours?
    }

    package struct AirNow: Decodable, Sendable {
        package var time: Int?
        package var european_aqi, us_aqi: Double?
        package var pm2_5, pm10, ozone, nitrogen_dioxide: Double?
        package var european_aqi_pm2_5, european_aqi_pm10, european_aqi_ozone, european_aqi_nitrogen_dioxide: Double?
        package var us_aqi_pm2_5, us_aqi_pm10, us_aqi_ozone, us_aqi_nitrogen_dioxide: Double?
        package var alder_pollen, birch_pollen, grass_pollen, mugwort_pollen, olive_pollen, ragweed_pollen: Double?
    }

    package struct AirHours: Decodable, Sendable {
        package var time: [Int]
        package var european_aqi, us_aqi: [Double?]?
    }
}
