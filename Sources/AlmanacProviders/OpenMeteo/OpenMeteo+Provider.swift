import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// Keyless place search (GeoNames data), on its own host.
    package static let openMeteoGeocoding = Provider(
        rawValue: "openmeteo-geocoding", displayName: "Open-Meteo geocoding", keyVariable: nil,
        urlVariable: "ALMANAC_OPENMETEO_GEOCODING_URL", defaultBaseURL: "https://geocoding-api.open-meteo.com",
        keyPlacement: .none, fixtureFolder: "openmeteo")

    /// Keyless ensemble forecasts (NOAA's GFS ensemble, 35 days), on its own host.
    package static let openMeteoEnsemble = Provider(
        rawValue: "openmeteo-ensemble", displayName: "Open-Meteo ensemble", keyVariable: nil,
        urlVariable: "ALMANAC_OPENMETEO_ENSEMBLE_URL", defaultBaseURL: "https://ensemble-api.open-meteo.com",
        keyPlacement: .none, fixtureFolder: "openmeteo")
}
