import AlmanacCore
import AlmanacHTTP
import Foundation

/// OpenWeatherMap endpoints. Units are always requested as metric and converted locally,
/// so one cached answer serves every unit setting.
package enum OpenWeather {
    /// Forecasts stay fresh for 10 minutes (the model updates every 10).
    package static let forecastTTL: TimeInterval = 600
    /// Geocoding answers stay fresh for 30 days.
    package static let geocodeTTL: TimeInterval = 30 * 86400

    /// One Call 3.0: current, 48 hourly and 8 daily entries in one response.
    package static func oneCall(latitude: Double, longitude: Double, lang: String) -> Endpoint<OpenWeatherDTO.OneCall> {
        Endpoint(
            RequestDescriptor.about(
                "weather", at: latitude, longitude, provider: .openWeather, name: "openweather.onecall", path: "/data/3.0/onecall",
                query: PlaceText.query(latitude, longitude) + [
                    QueryItem("units", "metric"), QueryItem("lang", lang), QueryItem("exclude", "minutely"),
                ], ttl: forecastTTL))
    }

    /// Free plan: current conditions.
    package static func current(latitude: Double, longitude: Double, lang: String) -> Endpoint<OpenWeatherDTO.Current25> {
        Endpoint(
            RequestDescriptor.about(
                "weather", at: latitude, longitude, provider: .openWeather, name: "openweather.weather", path: "/data/2.5/weather",
                query: PlaceText.query(latitude, longitude) + [QueryItem("units", "metric"), QueryItem("lang", lang)], ttl: forecastTTL))
    }

    /// Free plan: 5 days in 3-hour steps.
    package static func forecast(latitude: Double, longitude: Double, lang: String) -> Endpoint<OpenWeatherDTO.Forecast25> {
        Endpoint(
            RequestDescriptor.about(
                "forecast", at: latitude, longitude, provider: .openWeather, name: "openweather.forecast", path: "/data/2.5/forecast",
                query: PlaceText.query(latitude, longitude) + [QueryItem("units", "metric"), QueryItem("lang", lang)], ttl: forecastTTL))
    }

    /// Pro host: the 30-day climate forecast, `days` entries (1…30).
    package static func climate(latitude: Double, longitude: Double, days: Int, lang: String) -> Endpoint<OpenWeatherDTO.Climate> {
        Endpoint(
            RequestDescriptor.about(
                "climate forecast", at: latitude, longitude, provider: .openWeatherPro, name: "openweather.climate",
                path: "/data/2.5/forecast/climate",
                query: PlaceText.query(latitude, longitude) + [
                    QueryItem("cnt", String(days)), QueryItem("units", "metric"), QueryItem("lang", lang),
                ], ttl: forecastTTL))
    }

    /// OpenWeather's own geocoder (used when no Yandex key is set).
    package static func geocode(_ query: String, limit: Int = 5) -> Endpoint<[OpenWeatherDTO.Place]> {
        Endpoint(
            RequestDescriptor(
                provider: .openWeather, name: "openweather.geocode", subject: "places called \"\(query)\"", path: "/geo/1.0/direct",
                query: [QueryItem("q", query), QueryItem("limit", String(limit))], ttl: geocodeTTL))
    }
}
