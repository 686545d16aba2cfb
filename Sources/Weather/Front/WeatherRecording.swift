import AlmanacClient
import AlmanacProviders
import FrontKit
import Weather

/// Weather's steps for `fixtures record` (`Feature.weather`).
enum WeatherRecording {
    /// The saved cities (or `unsaved`), each with 7 and 25 days through `weather`'s providers;
    /// keyless (`keyless`), also its official warnings from its own service, the answers the rain
    /// is read from (MET's radar nowcast and Open-Meteo's 15-minute steps, each as it comes,
    /// current or not) and the air.
    static func steps(_ weather: WeatherService, what: String, unsaved: [String], keyless: Bool) -> [Feature.RecordingStep] {
        let saved = (try? weather.document().cities.map(\.name)) ?? []
        return (saved.isEmpty ? unsaved : saved).flatMap { name -> [Feature.RecordingStep] in
            let place: @Sendable () async throws -> City = { try await weather.resolve(name, pick: 1, chooser: nil) }
            let forecast: Feature.RecordingStep = (
                "\(what) in \(name)",
                {
                    let city = try await place()
                    _ = try await weather.forecast(for: city, days: 7)
                    _ = try await weather.forecast(for: city, days: 25)
                    if keyless { _ = try await weather.warnings(for: city) }
                }
            )
            guard keyless else { return [forecast] }
            let rain: Feature.RecordingStep = (
                "the rain in \(name)",
                {
                    let city = try await place()
                    // MET's radars reach the Nordic countries only; elsewhere its refusal is no failure.
                    _ = try? await weather.client.fetch(METNorway.nowcast(latitude: city.latitude, longitude: city.longitude))
                    _ = try await weather.client.fetch(OpenMeteo.minutely(latitude: city.latitude, longitude: city.longitude))
                }
            )
            let air: Feature.RecordingStep = ("the air in \(name)", { _ = try await weather.air(for: try await place(), scale: nil) })
            return [forecast, rain, air]
        }
    }
}
