// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

/// Provider shapes of OpenWeatherMap. Almost everything is optional: fields come and go.
public enum OpenWeatherDTO {
    public struct Condition: Decodable, Sendable {
        public var id: Int?
        public var main: String?
        public var description: String?
        public var icon: String?
    }

    public struct OneCall: Decodable, Sendable {
        public var lat: Double?
        public var lon: Double?
        public var timezone: String?
        public var timezone_offset: Int?
        public var current: Current?
        public var hourly: [Hourly]?
        public var daily: [Daily]?
    }

    public struct Current: Decodable, Sendable {
        public var dt: Int
        public var sunrise: Int?
        public var sunset: Int?
        public var temp: Double?
        public var feels_like: Double?
        public var pressure: Double?
        public var humidity: Double?
        public var uvi: Double?
        public var clouds: Double?
        public var visibility: Double?
        public var wind_speed: Double?
        public var wind_deg: Double?
        public var wind_gust: Double?
        public var weather: [Condition]?
        public var rain: Precipitation?
        public var snow: Precipitation?
    }

    public struct Hourly: Decodable, Sendable {
        public var dt: Int
        public var temp: Double?
        public var feels_like: Double?
        public var pressure: Double?
        public var humidity: Double?
        public var clouds: Double?
        public var wind_speed: Double?
        public var wind_deg: Double?
        public var wind_gust: Double?
        public var weather: [Condition]?
        public var pop: Double?
        public var rain: Precipitation?
        public var snow: Precipitation?
    }

    public struct DayTemperatures: Decodable, Sendable {
        public var day: Double?
        public var min: Double?
        public var max: Double?
        public var night: Double?
        public var eve: Double?
        public var morn: Double?
    }

    public struct Daily: Decodable, Sendable {
        public var dt: Int
        public var sunrise: Int?
        public var sunset: Int?
        public var moonrise: Int?
        public var moonset: Int?
        public var moon_phase: Double?
        public var summary: String?
        public var temp: DayTemperatures?
        public var feels_like: DayTemperatures?
        public var pressure: Double?
        public var humidity: Double?
        public var wind_speed: Double?
        public var wind_deg: Double?
        public var wind_gust: Double?
        public var weather: [Condition]?
        public var clouds: Double?
        public var pop: Double?
        public var rain: Precipitation?
        public var snow: Precipitation?
        public var uvi: Double?
        /// Climate forecast names for wind.
        public var speed: Double?
        public var deg: Double?
    }

    /// `/data/2.5/weather`
    public struct Current25: Decodable, Sendable {
        public struct Main: Decodable, Sendable {
            public var temp: Double?
            public var feels_like: Double?
            public var temp_min: Double?
            public var temp_max: Double?
            public var pressure: Double?
            public var humidity: Double?
        }
        public struct Wind: Decodable, Sendable {
            public var speed: Double?
            public var deg: Double?
            public var gust: Double?
        }
        public struct Sys: Decodable, Sendable {
            public var sunrise: Int?
            public var sunset: Int?
            public var country: String?
        }
        public struct Clouds: Decodable, Sendable { public var all: Double? }

        public var dt: Int?
        public var weather: [Condition]?
        public var main: Main?
        public var wind: Wind?
        public var clouds: Clouds?
        public var visibility: Double?
        public var sys: Sys?
        /// Seconds east of UTC here (an Int, unlike One Call).
        public var timezone: Int?
        public var name: String?
        public var rain: Precipitation?
        public var snow: Precipitation?
        public var cod: LenientCode?
    }

    /// `/data/2.5/forecast`: 5 days in 3-hour steps.
    public struct Forecast25: Decodable, Sendable {
        public struct Item: Decodable, Sendable {
            public var dt: Int
            public var main: Current25.Main?
            public var weather: [Condition]?
            public var clouds: Current25.Clouds?
            public var wind: Current25.Wind?
            public var pop: Double?
            public var rain: Precipitation?
            public var snow: Precipitation?
        }
        public struct City: Decodable, Sendable {
            public var name: String?
            public var country: String?
            public var timezone: Int?
            public var sunrise: Int?
            public var sunset: Int?
        }
        public var cod: LenientCode?
        public var list: [Item]?
        public var city: City?
    }

    /// `/data/2.5/forecast/climate` on the pro host: daily entries with `speed`/`deg`.
    public struct Climate: Decodable, Sendable {
        public struct City: Decodable, Sendable {
            public var name: String?
            public var country: String?
            public var timezone: Int?
        }
        public var city: City?
        public var list: [Daily]?
    }

    /// `/geo/1.0/direct` items.
    public struct Place: Decodable, Sendable {
        public var name: String?
        public var local_names: [String: String]?
        public var lat: Double
        public var lon: Double
        public var country: String?
        public var state: String?
    }
}
