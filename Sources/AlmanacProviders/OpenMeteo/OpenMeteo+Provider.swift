import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// Keyless place search (GeoNames data), on its own host.
    package static let openMeteoGeocoding = Provider(
        rawValue: "openmeteo-geocoding", displayName: "Open-Meteo geocoding", keyVariable: nil,
        urlVariable: "ALMANAC_OPENMETEO_GEOCODING_URL", defaultBaseURL: "https://geocoding-api.open-meteo.com",
        keyPlacement: .none, fixtureFolder: "openmeteo", brand: "Open-Meteo",
        probe: { _ in OpenMeteo.search("London", language: "en", count: 1).descriptor },
        recordedAs: "metno")

    /// Keyless ensemble forecasts (NOAA's GFS ensemble, 35 days), on its own host.
    package static let openMeteoEnsemble = Provider(
        rawValue: "openmeteo-ensemble", displayName: "Open-Meteo ensemble", keyVariable: nil,
        urlVariable: "ALMANAC_OPENMETEO_ENSEMBLE_URL", defaultBaseURL: "https://ensemble-api.open-meteo.com",
        keyPlacement: .none, fixtureFolder: "openmeteo", brand: "Open-Meteo",
        probe: { _ in OpenMeteo.ensemble(latitude: 51.5074, longitude: -0.1278, days: 1).descriptor }, recordedAs: "metno")

    /// Keyless forecasts; Almanac asks it for the next hours' 15-minute precipitation.
    package static let openMeteoForecast = Provider(
        rawValue: "openmeteo-forecast", displayName: "Open-Meteo forecast", keyVariable: nil,
        urlVariable: "ALMANAC_OPENMETEO_FORECAST_URL", defaultBaseURL: "https://api.open-meteo.com",
        keyPlacement: .none, fixtureFolder: "openmeteo", brand: "Open-Meteo",
        probe: { _ in OpenMeteo.minutely(latitude: 51.5074, longitude: -0.1278).descriptor }, recordedAs: "metno")

    /// Keyless historical weather (ERA5 reanalysis), on its own host: the climate normals.
    package static let openMeteoArchive = Provider(
        rawValue: "openmeteo-archive", displayName: "Open-Meteo archive", keyVariable: nil,
        urlVariable: "ALMANAC_OPENMETEO_ARCHIVE_URL", defaultBaseURL: "https://archive-api.open-meteo.com",
        keyPlacement: .none, fixtureFolder: "openmeteo", brand: "Open-Meteo",
        probe: { _ in OpenMeteo.archive(latitude: 51.5074, longitude: -0.1278, from: "2020-12-31", to: "2020-12-31") }, recordedAs: "metno")

    /// Keyless air quality (CAMS): European and US indices, pollutants, pollen in Europe.
    package static let openMeteoAir = Provider(
        rawValue: "openmeteo-air", displayName: "Open-Meteo air quality", keyVariable: nil,
        urlVariable: "ALMANAC_OPENMETEO_AIR_URL", defaultBaseURL: "https://air-quality-api.open-meteo.com",
        keyPlacement: .none, fixtureFolder: "openmeteo", brand: "Open-Meteo",
        probe: { _ in OpenMeteo.air(latitude: 51.5074, longitude: -0.1278).descriptor }, recordedAs: "metno")
}
