import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Which provider answers each weather capability this run (docs/architecture.md §3): a key
/// the user set wins where its plan answers; otherwise the keyless providers. `almanac doctor`
/// shows it and every footer names it.
public struct WeatherSources: Sendable, Equatable, Codable {
    /// `weather settings --provider`: `auto` picks by keys; the others pin the forecast.
    public enum Choice: String, Codable, Sendable, CaseIterable {
        case auto, met, openweather
    }

    /// Current conditions, hourly and the 7-day rows: `openweather` or `metno`.
    public var forecast: String
    /// Place names to coordinates: `yandex`, `openweather` or `openmeteo-geocoding`.
    public var geocoder: String
    /// Beyond the forecast's days, up to 25: `openweather-pro` (its climate plan) or `openmeteo-ensemble`.
    public var outlook: String
    /// Why, in a sentence per capability.
    public var reasons: [String]

    /// The sources for a configuration and the saved choice (nil: `auto`).
    public static func resolve(_ configuration: Configuration, choice: Choice?) -> WeatherSources {
        let openWeatherKey = configuration.key(for: .openWeather) != nil
        let yandexKey = configuration.key(for: .yandexGeocoder) != nil
        let forecast: Provider
        let forecastReason: String
        switch choice ?? .auto {
        case .met:
            (forecast, forecastReason) = (.metNorway, "forecast: MET Norway, as chosen (weather settings --provider met)")
        case .openweather:
            (forecast, forecastReason) = (
                .openWeather,
                openWeatherKey
                    ? "forecast: OpenWeatherMap, as chosen" : "forecast: OpenWeatherMap, as chosen; OPENWEATHER_API_KEY is not set, so sample data"
            )
        case .auto:
            (forecast, forecastReason) =
                openWeatherKey
                ? (.openWeather, "forecast: OpenWeatherMap (OPENWEATHER_API_KEY is set); MET Norway fills days a free key lacks")
                : (.metNorway, "forecast: MET Norway, keyless (set OPENWEATHER_API_KEY to use OpenWeatherMap)")
        }
        let geocoder: Provider
        let geocoderReason: String
        if yandexKey {
            (geocoder, geocoderReason) = (.yandexGeocoder, "places: Yandex Geocoder (YANDEX_GEOCODER_API_KEY is set)")
        } else if openWeatherKey {
            (geocoder, geocoderReason) = (.openWeather, "places: OpenWeatherMap's geocoder (OPENWEATHER_API_KEY is set)")
        } else {
            (geocoder, geocoderReason) = (.openMeteoGeocoding, "places: Open-Meteo geocoding, keyless")
        }
        let climate = forecast == .openWeather && openWeatherKey
        let outlook: Provider = climate ? .openWeatherPro : .openMeteoEnsemble
        let outlookReason =
            climate
            ? "25 days: OpenWeatherMap's climate forecast where the key's plan has it, else the Open-Meteo ensemble outlook"
            : "25 days: the Open-Meteo ensemble outlook (GFS, 31 members), keyless"
        return WeatherSources(
            forecast: forecast.rawValue, geocoder: geocoder.rawValue, outlook: outlook.rawValue,
            reasons: [forecastReason, geocoderReason, outlookReason])
    }

    public var usesMET: Bool { forecast == Provider.metNorway.rawValue }

    /// Only the keyless providers, whatever keys are set.
    public static let keyless = WeatherSources(
        forecast: Provider.metNorway.rawValue, geocoder: Provider.openMeteoGeocoding.rawValue, outlook: Provider.openMeteoEnsemble.rawValue,
        reasons: ["forecast: MET Norway", "places: Open-Meteo geocoding", "25 days: the Open-Meteo ensemble outlook"])
}
