import AlmanacClient
import AlmanacHTTP
import AlmanacProviders
import FrontKit
import Weather

extension Feature {
    /// Weather (docs/architecture.md §1): `almanac weather`, its menu screen and tab, the
    /// weather codes of `almanac line`, the providers `ForecastSources` picks, and the saved cities
    /// (else a few recorded ones) for `fixtures record`.
    package static let weather = Feature(
        command: WeatherCommand.self,
        menu: MenuEntry("Weather", help: "Saved cities, forecasts and hourly detail (almanac weather).", rank: 1) { WeatherScreen(context: $0) },
        tab: { WeatherTab(context: $0) },
        glanceCodes: WeatherGlance.codes,
        answering: { WeatherService(context: $0).runSources.answering },
        doctor: { WeatherDoctor.section($0) },
        recording: { provider, context in
            switch provider {
            case .openWeather, .openWeatherPro:
                WeatherRecording.steps(WeatherService(context: context), what: "the weather", unsaved: ["Moscow", "London"], keyless: false)
            case .metNorway:
                WeatherRecording.steps(
                    WeatherService(context: context, pinnedSources: .keyless), what: "the keyless weather",
                    unsaved: ["Oslo", "New York", "Berlin", "London", "Moscow"],
                    keyless: true)
            case .yandexGeocoder:
                ["Moscow", "London", "Saint Petersburg"].map { name in
                    ("the place \(name)", { [weather = WeatherService(context: context)] in _ = try await weather.geocode(name) })
                }
            default: []
            }
        })
}
