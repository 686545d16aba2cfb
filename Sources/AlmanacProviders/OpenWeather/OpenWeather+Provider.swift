import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// Weather (One Call 3.0, the free 2.5 pair, its geocoder); the key as `appid`.
    package static let openWeather = Provider(
        rawValue: "openweather", displayName: "OpenWeatherMap", keyVariable: "OPENWEATHER_API_KEY", urlVariable: "ALMANAC_OPENWEATHER_URL",
        defaultBaseURL: "https://api.openweathermap.org", keyPlacement: .query("appid"), probe: probe)

    /// The 30-day climate forecast, on its own host with the same key; recorded with `openWeather`.
    package static let openWeatherPro = Provider(
        rawValue: "openweather-pro", displayName: "OpenWeatherMap Pro", keyVariable: "OPENWEATHER_API_KEY",
        urlVariable: "ALMANAC_OPENWEATHER_PRO_URL", defaultBaseURL: "https://pro.openweathermap.org", keyPlacement: .query("appid"),
        fixtureFolder: "openweather", brand: "OpenWeatherMap", probe: probe, recordedAs: "openweather")

    /// The current weather in London, the cheapest request either host answers.
    @Sendable private static func probe(_ provider: Provider) -> RequestDescriptor {
        RequestDescriptor(
            provider: provider, name: "openweather.weather", path: "/data/2.5/weather",
            query: [QueryItem("lat", "51.51"), QueryItem("lon", "-0.13")],
            ttl: 0)
    }
}
