import AlmanacClient
import AlmanacHTTP
import AlmanacProviders
import FrontKit
import Weather

/// Weather's part of `almanac doctor` (`Feature.weather`): who answers each capability and why,
/// the credits their licences ask for, and where official warnings come from; in `--json`, the
/// sources as resolved.
enum WeatherDoctor {
    /// The section, when the settings can be read.
    static func section(_ context: AppContext) -> DoctorSection? {
        guard let sources = try? WeatherService(context: context).sources() else { return nil }
        var lines = reasons(sources, openWeatherKey: context.configuration.key(for: .openWeather) != nil)
        if let credits = weatherCredits(sources) { lines.append("credits: " + credits) }
        lines.append("warnings: keyless, from a place's national service: " + WarningService.everyService)
        return DoctorSection(key: "weather", title: "Weather", lines: lines, json: sources)
    }

    /// Why each weather capability has its provider, a line each; the names from `ForecastSources`.
    static func reasons(_ sources: ForecastSources, openWeatherKey: Bool) -> [String] {
        func name(_ rawValue: String) -> String { Provider(rawValue: rawValue)?.brand ?? rawValue }
        let forecast = "forecast: " + name(sources.forecast)
        let forecastWhy =
            switch (sources.usesMET, sources.chosen) {
            case (true, true): ", as chosen (weather settings --provider met)"
            case (true, false): ", keyless (set OPENWEATHER_API_KEY to use OpenWeatherMap)"
            case (false, true): openWeatherKey ? ", as chosen" : ", as chosen; OPENWEATHER_API_KEY is not set, so sample data"
            case (false, false): " (OPENWEATHER_API_KEY is set); MET Norway fills days a free key lacks"
            }
        let placesWhy =
            switch sources.geocoder {
            case Provider.yandexGeocoder.rawValue: " (YANDEX_GEOCODER_API_KEY is set)"
            case Provider.openWeather.rawValue: "'s geocoder (OPENWEATHER_API_KEY is set)"
            default: " geocoding, keyless"
            }
        let outlookWhy =
            sources.outlook == Provider.openWeatherPro.rawValue
            ? "'s climate forecast where the key's plan has it, else the Open-Meteo ensemble outlook"
            : " ensemble outlook (GFS, 31 members), keyless"
        return [forecast + forecastWhy, "places: " + name(sources.geocoder) + placesWhy, "25 days: " + name(sources.outlook) + outlookWhy]
    }

    /// The credits the licences of this run's keyless weather providers ask for.
    static func weatherCredits(_ sources: ForecastSources) -> String? {
        var credits: [String] = []
        if sources.usesMET { credits.append(METNorway.attribution) }
        if [sources.geocoder, sources.outlook].contains(where: { Provider(rawValue: $0)?.brand == "Open-Meteo" }) {
            credits.append(OpenMeteo.attribution)
        }
        if sources.geocoder == Provider.openMeteoGeocoding.rawValue { credits.append("Location data based on GeoNames (CC BY 4.0)") }
        return credits.isEmpty ? nil : credits.joined(separator: "; ")
    }
}
