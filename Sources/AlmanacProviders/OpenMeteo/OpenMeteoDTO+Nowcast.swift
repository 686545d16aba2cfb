// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

extension OpenMeteoDTO {
    /// `/v1/forecast` with `minutely_15` and `timeformat=unixtime`: columns of 15-minute values;
    /// precipitation is millimetres over the 15 minutes before each time; values may be null.
    package struct Minutely: Decodable, Sendable {
        package var latitude: Double?
        package var longitude: Double?
        package var minutely_15: MinutelyColumns?
    }

    package struct MinutelyColumns: Decodable, Sendable {
        /// Seconds since 1970.
        package var time: [Int]
        package var precipitation: [Double?]?
        package var precipitation_probability: [Double?]?
    }

    /// `/v1/air-quality` with `current`, `hourly` and `timeformat=unixtime`. Indices: European AQI
    /// (0 to over 100) and US AQI (0–500); concentrations in µg/m³; pollen in grains/m³, Europe only
    /// (null elsewhere).
    package struct Air: Decodable, Sendable {
        package var latitude: Double?
        package var longitude: Double?
        package var current: AirNow?
        package var hourly: AirHours?
    }

    package struct AirNow: Decodable, Sendable {
        package var time: Int?
        package var european_aqi: Double?
        package var us_aqi: Double?
        package var pm2_5: Double?
        package var pm10: Double?
        package var ozone: Double?
        package var nitrogen_dioxide: Double?
        package var european_aqi_pm2_5: Double?
        package var european_aqi_pm10: Double?
        package var european_aqi_ozone: Double?
        package var european_aqi_nitrogen_dioxide: Double?
        package var us_aqi_pm2_5: Double?
        package var us_aqi_pm10: Double?
        package var us_aqi_ozone: Double?
        package var us_aqi_nitrogen_dioxide: Double?
        package var alder_pollen: Double?
        package var birch_pollen: Double?
        package var grass_pollen: Double?
        package var mugwort_pollen: Double?
        package var olive_pollen: Double?
        package var ragweed_pollen: Double?
    }

    package struct AirHours: Decodable, Sendable {
        package var time: [Int]
        package var european_aqi: [Double?]?
        package var us_aqi: [Double?]?
    }
}
