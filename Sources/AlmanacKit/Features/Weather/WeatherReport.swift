import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Current conditions, in metric units (°C, m/s, mm, hPa).
public struct CurrentConditions: Codable, Sendable, Equatable {
    /// The observation time.
    public var time: Date
    /// Air temperature, °C.
    public var temperature: Double
    /// Apparent temperature, °C, when sent.
    public var feelsLike: Double?
    /// Conditions in words (`light rain`), in the settings' language.
    public var description: String
    /// OpenWeather's condition code (MET symbols mapped onto it), for the icon.
    public var conditionID: Int?
    /// Relative humidity, %.
    public var humidity: Double?
    /// Sea-level pressure, hPa.
    public var pressure: Double?
    /// Wind speed, m/s.
    public var windSpeed: Double?
    /// Where the wind comes from, degrees clockwise from north.
    public var windDegrees: Double?
    /// Gusts, m/s.
    public var windGust: Double?
    /// Millimetres in the last hour (rain plus snow); 0 when the provider omits both.
    public var precipitation: Double
    /// Chance of precipitation in the coming hour, 0…1, when known.
    public var precipitationProbability: Double?
    /// Cloud cover, %.
    public var clouds: Double?
    /// UV index.
    public var uvIndex: Double?
    /// Visibility, metres.
    public var visibility: Double?
    /// Today's sunrise; nil in polar night or midnight sun.
    public var sunrise: Date?
    /// Today's sunset; nil in polar night or midnight sun.
    public var sunset: Date?
}

/// One hour (or one 3-hour step on the free plan).
public struct HourForecast: Codable, Sendable, Equatable {
    /// The start of the hour (or 3-hour step).
    public var time: Date
    /// Air temperature, °C.
    public var temperature: Double
    /// Apparent temperature, °C, when sent.
    public var feelsLike: Double?
    /// Chance of precipitation, 0…1, when sent.
    public var precipitationProbability: Double?
    /// Millimetres in the step (rain plus snow).
    public var precipitation: Double
    /// Wind speed, m/s.
    public var windSpeed: Double?
    /// Where the wind comes from, degrees clockwise from north.
    public var windDegrees: Double?
    /// Cloud cover, %.
    public var clouds: Double?
    /// Relative humidity, %.
    public var humidity: Double?
    /// Conditions in words.
    public var description: String
    /// OpenWeather's condition code, for the icon.
    public var conditionID: Int?
}

/// One day, in the city's own calendar.
public struct DayForecast: Codable, Sendable, Equatable {
    /// The day in the city's own calendar.
    public var date: LocalDate
    /// Lowest temperature of the day, °C.
    public var minimum: Double
    /// Highest temperature of the day, °C.
    public var maximum: Double
    /// Morning temperature, °C, when sent (One Call).
    public var morning: Double?
    /// Daytime temperature, °C, when sent.
    public var day: Double?
    /// Evening temperature, °C, when sent.
    public var evening: Double?
    /// Night temperature, °C, when sent.
    public var night: Double?
    /// Apparent morning temperature, °C, when sent.
    public var feelsMorning: Double?
    /// Apparent daytime temperature, °C, when sent.
    public var feelsDay: Double?
    /// Apparent evening temperature, °C, when sent.
    public var feelsEvening: Double?
    /// Apparent night temperature, °C, when sent.
    public var feelsNight: Double?
    /// The day's conditions in words.
    public var description: String
    /// OpenWeather's condition code, for the icon.
    public var conditionID: Int?
    /// Chance of precipitation, 0…1, when sent.
    public var precipitationProbability: Double?
    /// Millimetres over the day (rain plus snow).
    public var precipitation: Double
    /// Strongest wind of the day, m/s.
    public var windSpeed: Double?
    /// Where that wind comes from, degrees clockwise from north.
    public var windDegrees: Double?
    /// Gusts, m/s.
    public var windGust: Double?
    /// Relative humidity, %.
    public var humidity: Double?
    /// Highest UV index.
    public var uvIndex: Double?
    /// Sunrise; nil in polar night or midnight sun.
    public var sunrise: Date?
    /// Sunset; nil in polar night or midnight sun.
    public var sunset: Date?
    /// Moon phase, 0 (new) … 0.5 (full) … 1 (new), when sent.
    public var moonPhase: Double?
    /// One Call's sentence about the day, when sent.
    public var summary: String?
}

/// Everything known about a city's weather from one fetch.
public struct WeatherReport: Codable, Sendable {
    /// Which product answered: One Call 3.0, the free 2.5 pair, the climate forecast, MET
    /// Norway's Locationforecast, or Open-Meteo's ensemble outlook.
    public enum Model: String, Codable, Sendable {
        /// OpenWeather One Call 3.0.
        case oneCall = "onecall"
        /// The free OpenWeather pair: current weather and the 5-day, 3-hour forecast.
        case free
        /// OpenWeather's 30-day climate forecast (Pro plan).
        case climate
        /// MET Norway's Locationforecast 2.0.
        case met
        /// Open-Meteo's GFS ensemble: an outlook, not a forecast.
        case outlook = "ensemble"
    }

    /// The place.
    public var city: City
    /// Conditions now; nil when the product sends none.
    public var current: CurrentConditions?
    /// Hours ahead, first is the current hour.
    public var hourly: [HourForecast]
    /// Days ahead, first is today.
    public var daily: [DayForecast]
    /// The product that answered.
    public var model: Model
    /// Live, cache or sample data.
    public var provenance: Provenance
    /// The ensemble's spread per day when `model` is `.outlook` (same order as `daily`), else nil.
    public var outlook: [OutlookDay]?
    /// When the 7-day rows came from a different provider than current and hourly (a free
    /// OpenWeather key's 5 days filled by MET Norway): that provider's model.
    public var dailyModel: Model?
}
