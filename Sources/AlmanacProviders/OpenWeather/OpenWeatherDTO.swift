// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

/// Provider shapes of OpenWeatherMap. Almost everything is optional: fields come and go.
package enum OpenWeatherDTO {
    package struct Condition: Decodable, Sendable {
        package var id: Int?
        package var main, description, icon: String?
    }

    package struct OneCall: Decodable, Sendable {
        package var lat, lon: Double?
        package var timezone: String?
        package var timezone_offset: Int?
        package var current: Current?
        package var hourly: [Hourly]?
        package var daily: [Daily]?
    }

    package struct Current: Decodable, Sendable {
        package var dt: Int
        package var sunrise, sunset: Int?
        package var temp, feels_like, pressure, humidity, uvi, clouds, visibility, wind_speed, wind_deg, wind_gust: Double?
        package var weather: [Condition]?
        package var rain, snow: Precipitation?
    }

    package struct Hourly: Decodable, Sendable {
        package var dt: Int
        package var temp, feels_like, pressure, humidity, clouds, wind_speed, wind_deg, wind_gust: Double?
        package var weather: [Condition]?
        package var pop: Double?
        package var rain, snow: Precipitation?
    }

    package struct DayTemperatures: Decodable, Sendable {
        package var day, min, max, night, eve, morn: Double?
    }

    package struct Daily: Decodable, Sendable {
        package var dt: Int
        package var sunrise, sunset, moonrise, moonset: Int?
        package var moon_phase: Double?
        package var summary: String?
        package var temp, feels_like: DayTemperatures?
        package var pressure, humidity, wind_speed, wind_deg, wind_gust: Double?
        package var weather: [Condition]?
        package var clouds, pop: Double?
        package var rain, snow: Precipitation?
        package var uvi: Double?
        /// Climate forecast names for wind.
        package var speed, deg: Double?
    }

    /// `/data/2.5/weather`
    package struct Current25: Decodable, Sendable {
        package struct Main: Decodable, Sendable {
            package var temp, feels_like, temp_min, temp_max, pressure, humidity: Double?
        }
        package struct Wind: Decodable, Sendable {
            package var speed, deg, gust: Double?
        }
        package struct Sys: Decodable, Sendable {
            package var sunrise, sunset: Int?
            package var country: String?
        }
        package struct Clouds: Decodable, Sendable { package var all: Double? }

        package var dt: Int?
        package var weather: [Condition]?
        package var main: Main?
        package var wind: Wind?
        package var clouds: Clouds?
        package var visibility: Double?
        package var sys: Sys?
        /// Seconds east of UTC here (an Int, unlike One Call).
        package var timezone: Int?
        package var name: String?
        package var rain, snow: Precipitation?
        package var cod: LenientCode?
    }

    /// `/data/2.5/forecast`: 5 days in 3-hour steps.
    package struct Forecast25: Decodable, Sendable {
        package struct Item: Decodable, Sendable {
            package var dt: Int
            package var main: Current25.Main?
            package var weather: [Condition]?
            package var clouds: Current25.Clouds?
            package var wind: Current25.Wind?
            package var pop: Double?
            package var rain, snow: Precipitation?
        }
        package struct City: Decodable, Sendable {
            package var name, country: String?
            package var timezone, sunrise, sunset: Int?
        }
        package var cod: LenientCode?
        package var list: [Item]?
        package var city: City?
    }

    /// `/data/2.5/forecast/climate` on the pro host: daily entries with `speed`/`deg`.
    package struct Climate: Decodable, Sendable {
        package struct City: Decodable, Sendable {
            package var name, country: String?
            package var timezone: Int?
        }
        package var city: City?
        package var list: [Daily]?
    }

    /// `/geo/1.0/direct` items.
    package struct Place: Decodable, Sendable {
        package var name: String?
        package var local_names: [String: String]?
        package var lat, lon: Double
        package var country, state: String?
    }
}
