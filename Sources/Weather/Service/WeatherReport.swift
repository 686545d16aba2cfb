import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Current conditions, in metric units (°C, m/s, mm, hPa).
package struct CurrentConditions: Codable, Sendable, Equatable {
    /// The observation time.
    package var time: Date
    /// Air temperature, °C.
    package var temperature: Double
    /// Apparent temperature, °C, when sent.
    package var feelsLike: Double?
    /// Conditions in words (`light rain`), in the settings' language.
    package var description: String
    /// OpenWeather's condition code (MET symbols mapped onto it), for the icon.
    package var conditionID: Int?
    /// Relative humidity, %.
    package var humidity: Double?
    /// Sea-level pressure, hPa.
    package var pressure: Double?
    /// Wind speed, m/s.
    package var windSpeed: Double?
    /// Where the wind comes from, degrees clockwise from north.
    package var windDegrees: Double?
    /// Gusts, m/s.
    package var windGust: Double?
    /// Millimetres in the last hour (rain plus snow); 0 when the provider omits both.
    package var precipitation: Double
    /// Chance of precipitation in the coming hour, 0…1, when known.
    package var precipitationProbability: Double?
    /// Cloud cover, %.
    package var clouds: Double?
    /// UV index.
    package var uvIndex: Double?
    /// Visibility, metres.
    package var visibility: Double?
    /// Today's sunrise and sunset; nil in polar night or midnight sun.
    package var sunrise, sunset: Date?
}

/// One hour (or one 3-hour step on the free plan).
package struct HourForecast: Codable, Sendable, Equatable {
    /// The start of the hour (or 3-hour step).
    package var time: Date
    /// Air temperature, °C.
    package var temperature: Double
    /// Apparent temperature, °C, when sent.
    package var feelsLike: Double?
    /// Chance of precipitation, 0…1, when sent.
    package var precipitationProbability: Double?
    /// Millimetres in the step (rain plus snow).
    package var precipitation: Double
    /// Wind speed, m/s.
    package var windSpeed: Double?
    /// Where the wind comes from, degrees clockwise from north.
    package var windDegrees: Double?
    /// Cloud cover, %.
    package var clouds: Double?
    /// Relative humidity, %.
    package var humidity: Double?
    /// Conditions in words.
    package var description: String
    /// OpenWeather's condition code, for the icon.
    package var conditionID: Int?
}

/// One day, in the city's own calendar.
package struct DayForecast: Codable, Sendable, Equatable {
    /// The day in the city's own calendar.
    package var date: LocalDate
    /// Lowest and highest temperature of the day, °C.
    package var minimum, maximum: Double
    /// Morning, daytime, evening and night temperatures, °C, when sent (One Call).
    package var morning, day, evening, night: Double?
    /// Apparent morning, daytime, evening and night temperatures, °C, when sent.
    package var feelsMorning, feelsDay, feelsEvening, feelsNight: Double?
    /// The day's conditions in words.
    package var description: String
    /// OpenWeather's condition code, for the icon.
    package var conditionID: Int?
    /// Chance of precipitation, 0…1, when sent.
    package var precipitationProbability: Double?
    /// Millimetres over the day (rain plus snow).
    package var precipitation: Double
    /// Strongest wind of the day, m/s.
    package var windSpeed: Double?
    /// Where that wind comes from, degrees clockwise from north.
    package var windDegrees: Double?
    /// Gusts, m/s.
    package var windGust: Double?
    /// Relative humidity, %.
    package var humidity: Double?
    /// Highest UV index.
    package var uvIndex: Double?
    /// Sunrise and sunset; nil in polar night or midnight sun.
    package var sunrise, sunset: Date?
    /// Moon phase, 0 (new) … 0.5 (full) … 1 (new), when sent.
    package var moonPhase: Double?
    /// One Call's sentence about the day, when sent.
    package var summary: String?
    /// How many of the ensemble's runs show the day's rain, frost or heat (`ModelOdds`), when the
    /// ensemble covers the day.
    package var odds: ModelOdds? = nil
}

/// Everything known about a city's weather from one fetch.
package struct WeatherReport: Codable, Sendable {
    /// Which product answered: One Call 3.0, the free 2.5 pair, the climate forecast, MET
    /// Norway's Locationforecast, or Open-Meteo's ensemble outlook.
    package enum Model: String, Codable, Sendable {
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

        /// The provider whose product this is (`Provider.brand` names it).
        package var provider: Provider {
            switch self {
            case .met: .metNorway
            case .outlook: .openMeteoEnsemble
            case .climate: .openWeatherPro
            case .oneCall, .free: .openWeather
            }
        }
    }

    /// The place.
    package var city: City
    /// Conditions now; nil when the product sends none.
    package var current: CurrentConditions?
    /// Hours ahead, first is the current hour.
    package var hourly: [HourForecast]
    /// Days ahead, first is today.
    package var daily: [DayForecast]
    /// The product that answered.
    package var model: Model
    /// Live, cache or sample data.
    package var provenance: Provenance
    /// The ensemble's spread per day when `model` is `.outlook` (same order as `daily`), else nil.
    package var outlook: [OutlookDay]?
    /// When the 7-day rows came from a different provider than current and hourly (a free
    /// OpenWeather key's 5 days filled by MET Norway): that provider's model.
    package var dailyModel: Model?
    /// `outlook` when the days' chances of precipitation came from the ensemble (`withChances`).
    package var chancesModel: Model?
    /// True when the UV index came from Open-Meteo's forecast (`withUV`), not the forecast's own.
    package var uvFromOpenMeteo: Bool?
    /// The place's climate normals for its days (`withNormals`), when they could be had.
    package var normals: ClimateNormals?

    /// `date`'s forecast high against its normal (docs/weather.md, "Normals"): the day's normal
    /// and the departure in °C; nil without the day or its normal.
    package func departure(on date: LocalDate) -> (normal: ClimateNormals.Day, celsius: Double)? {
        guard let normal = normals?.day(date), let day = daily.first(where: { $0.date == date }) else { return nil }
        return (normal, day.maximum - normal.high.mean)
    }

    /// A report with nothing forecast: the place, and where what is shown beside it came from
    /// (`weather normals` when no forecast can be had).
    package static func empty(city: City, provenance: Provenance) -> WeatherReport {
        WeatherReport(city: city, current: nil, hourly: [], daily: [], model: .met, provenance: provenance)
    }
}
