import AlmanacCore
import AlmanacHTTP
import Foundation

/// Open-Meteo endpoints (no key): place search and the ensemble outlook.
package enum OpenMeteo {
    /// Open-Meteo sends no cache headers; its ensemble runs every 6 hours.
    package static let ensembleTTL: TimeInterval = 3 * 3600

    /// The credit line its licence (CC BY 4.0) asks for wherever its weather data is shown.
    package static let attribution = "Weather data by Open-Meteo.com"
    /// The credit line for its place search, whose data comes from GeoNames.
    package static let geocodingAttribution = "Location data based on GeoNames"

    /// Up to `count` places named `name` (1…100), names in `language`.
    package static func search(_ name: String, language: String, count: Int = 10) -> Endpoint<OpenMeteoDTO.Search> {
        Endpoint(
            RequestDescriptor(
                provider: .openMeteoGeocoding, name: "openmeteo.search", subject: "places called \"\(name)\"", path: "/v1/search",
                query: [
                    QueryItem("name", name), QueryItem("count", String(count)), QueryItem("language", language.prefix(2).lowercased()),
                    QueryItem("format", "json"),
                ],
                ttl: 30 * 86400))
    }

    /// The daily high, low and precipitation from `from` to `to` (`YYYY-MM-DD`, inclusive), in the
    /// place's own days (`timezone=auto`), from the ERA5 reanalysis: the climate normals' 30 years
    /// are one request, kept a year (the normals change once a decade).
    package static func archive(latitude: Double, longitude: Double, from: String, to: String) -> RequestDescriptor {
        RequestDescriptor.about(
            "climate normals", at: latitude, longitude, provider: .openMeteoArchive, name: "openmeteo.archive", path: "/v1/archive",
            query: PlaceText.query(latitude, longitude, names: ("latitude", "longitude")) + [
                QueryItem("start_date", from), QueryItem("end_date", to), QueryItem("daily", ensembleDaily.joined(separator: ",")),
                QueryItem("timezone", "auto"),
            ], ttl: 365 * 86400)
    }

    /// The daily variables asked of the ensemble, once per member.
    package static let ensembleDaily = ["temperature_2m_min", "temperature_2m_max", "precipitation_sum"]

    /// NOAA's GFS ensemble at 0.5° (`gfs05`: 31 members, 35 days), by local day (`timezone=auto`),
    /// metric units. Coordinates with 4 decimals, as for every provider.
    package static func ensemble(latitude: Double, longitude: Double, days: Int = 35) -> Endpoint<OpenMeteoDTO.Ensemble> {
        Endpoint(
            RequestDescriptor.about(
                "outlook", at: latitude, longitude, provider: .openMeteoEnsemble, name: "openmeteo.ensemble", path: "/v1/ensemble",
                query: PlaceText.query(latitude, longitude, names: ("latitude", "longitude")) + [
                    QueryItem("models", "gfs05"), QueryItem("daily", ensembleDaily.joined(separator: ",")),
                    QueryItem("forecast_days", String(days)), QueryItem("timezone", "auto"),
                ], ttl: ensembleTTL))
    }

    /// Precipitation and its probability every 15 minutes for the next 3 hours (`minutely_15`):
    /// native 15-minute models in Central Europe and North America, hourly values interpolated
    /// elsewhere. Open-Meteo sends no cache headers; its short-range models run every 15 to 60 minutes.
    package static func minutely(latitude: Double, longitude: Double) -> Endpoint<OpenMeteoDTO.Minutely> {
        Endpoint(
            RequestDescriptor.about(
                "precipitation", at: latitude, longitude, provider: .openMeteoForecast, name: "openmeteo.minutely", path: "/v1/forecast",
                query: PlaceText.query(latitude, longitude, names: ("latitude", "longitude")) + [
                    QueryItem("minutely_15", "precipitation,precipitation_probability"), QueryItem("forecast_minutely_15", "12"),
                    QueryItem("timeformat", "unixtime"),
                ], ttl: 900))
    }

    /// The pollutants whose index sets the European and US AQI, as the air API names them.
    package static let airPollutants = ["pm2_5", "pm10", "ozone", "nitrogen_dioxide"]
    /// Pollen, Europe only.
    package static let pollen = ["alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen"]

    /// The UV index now and each day's highest (`uv_index_max`) for 16 days in the place's own days
    /// (`timezone=auto`): for a forecast that sends none (MET Norway). Kept an hour.
    package static func uv(latitude: Double, longitude: Double) -> Endpoint<OpenMeteoDTO.UV> {
        Endpoint(
            RequestDescriptor.about(
                "UV index", at: latitude, longitude, provider: .openMeteoForecast, name: "openmeteo.uv", path: "/v1/forecast",
                query: PlaceText.query(latitude, longitude, names: ("latitude", "longitude")) + [
                    QueryItem("current", "uv_index"), QueryItem("daily", "uv_index_max"), QueryItem("timezone", "auto"),
                    QueryItem("forecast_days", "16"),
                ], ttl: 3600))
    }

    /// Air quality now and the indices for the next 24 hours.
    package static func air(latitude: Double, longitude: Double) -> Endpoint<OpenMeteoDTO.Air> {
        let indices = ["european_aqi", "us_aqi"]
        let current = indices + airPollutants + indices.flatMap { index in airPollutants.map { "\(index)_\($0)" } } + pollen
        return Endpoint(
            RequestDescriptor.about(
                "air quality", at: latitude, longitude, provider: .openMeteoAir, name: "openmeteo.air", path: "/v1/air-quality",
                query: PlaceText.query(latitude, longitude, names: ("latitude", "longitude")) + [
                    QueryItem("current", current.joined(separator: ",")), QueryItem("hourly", indices.joined(separator: ",")),
                    QueryItem("forecast_hours", "24"), QueryItem("timeformat", "unixtime"),
                ], ttl: 3600))
    }
}
