import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Current conditions, in metric units (°C, m/s, mm, hPa).
public struct CurrentConditions: Codable, Sendable, Equatable {
    public var time: Date
    public var temperature: Double
    public var feelsLike: Double?
    public var description: String
    public var conditionID: Int?
    public var humidity: Double?
    public var pressure: Double?
    public var windSpeed: Double?
    public var windDegrees: Double?
    public var windGust: Double?
    /// Millimetres in the last hour (rain plus snow); 0 when the provider omits both.
    public var precipitation: Double
    /// Chance of precipitation in the coming hour, 0…1, when known.
    public var precipitationProbability: Double?
    public var clouds: Double?
    public var uvIndex: Double?
    public var visibility: Double?
    public var sunrise: Date?
    public var sunset: Date?
}

/// One hour (or one 3-hour step on the free plan).
public struct HourForecast: Codable, Sendable, Equatable {
    public var time: Date
    public var temperature: Double
    public var feelsLike: Double?
    public var precipitationProbability: Double?
    public var precipitation: Double
    public var windSpeed: Double?
    public var windDegrees: Double?
    public var clouds: Double?
    public var humidity: Double?
    public var description: String
    public var conditionID: Int?
}

/// One day, in the city's own calendar.
public struct DayForecast: Codable, Sendable, Equatable {
    public var date: LocalDate
    public var minimum: Double
    public var maximum: Double
    public var morning: Double?
    public var day: Double?
    public var evening: Double?
    public var night: Double?
    public var feelsMorning: Double?
    public var feelsDay: Double?
    public var feelsEvening: Double?
    public var feelsNight: Double?
    public var description: String
    public var conditionID: Int?
    public var precipitationProbability: Double?
    public var precipitation: Double
    public var windSpeed: Double?
    public var windDegrees: Double?
    public var windGust: Double?
    public var humidity: Double?
    public var uvIndex: Double?
    public var sunrise: Date?
    public var sunset: Date?
    public var moonPhase: Double?
    public var summary: String?
}

/// Everything known about a city's weather from one fetch.
public struct WeatherReport: Codable, Sendable {
    /// Which product answered: One Call 3.0, the free 2.5 pair, the climate forecast, MET
    /// Norway's Locationforecast, or Open-Meteo's ensemble outlook.
    public enum Model: String, Codable, Sendable {
        case oneCall = "onecall"
        case free, climate, met
        case outlook = "ensemble"
    }

    public var city: City
    public var current: CurrentConditions?
    public var hourly: [HourForecast]
    public var daily: [DayForecast]
    public var model: Model
    public var provenance: Provenance
    /// The ensemble's spread per day when `model` is `.outlook` (same order as `daily`), else nil.
    public var outlook: [OutlookDay]?
    /// When the 7-day rows came from a different provider than current and hourly (a free
    /// OpenWeather key's 5 days filled by MET Norway): that provider's model.
    public var dailyModel: Model?
}
