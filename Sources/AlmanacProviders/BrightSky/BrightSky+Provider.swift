import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// Bright Sky (api.brightsky.dev): Germany's weather service (DWD) open data, keyless.
    package static let brightSky = Provider(
        rawValue: "brightsky", displayName: "Bright Sky (DWD)", keyVariable: nil, urlVariable: "ALMANAC_BRIGHTSKY_URL",
        defaultBaseURL: "https://api.brightsky.dev", keyPlacement: .none,
        probe: { _ in BrightSky.alerts(latitude: 52.5244, longitude: 13.4105).descriptor }, recordedAs: "metno")
}
