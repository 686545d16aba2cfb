import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// The United States' National Weather Service (api.weather.gov): keyless; it asks for a
    /// User-Agent naming the program and a way to reach its makers (`TransportOptions` sends one).
    package static let nationalWeatherService = Provider(
        rawValue: "nws", displayName: "National Weather Service", keyVariable: nil, urlVariable: "ALMANAC_NWS_URL",
        defaultBaseURL: "https://api.weather.gov", keyPlacement: .none,
        probe: { _ in NationalWeatherService.alerts(latitude: 40.7128, longitude: -74.006).descriptor }, recordedAs: "metno")
}
