import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Which provider answers each weather capability this run (docs/architecture.md §3, "Who
/// answers"): a key the user set wins where its plan answers; otherwise the keyless providers.
/// Every sentence that names a weather provider — the first-run note, help, footers, `doctor`,
/// errors — asks this type, so no two of them can disagree.
package struct ForecastSources: Sendable, Equatable, Codable {
    /// What weather asks for, each answered by one provider a run.
    package enum Capability: String, CaseIterable, Sendable {
        /// Current conditions, hourly and the 7-day rows.
        case forecast
        /// Place names to coordinates.
        case places
        /// Days beyond the forecast's, up to 25.
        case outlook
        /// Rain in the next two hours: MET's radar nowcast where it covers the place, else
        /// Open-Meteo's 15-minute steps (`providers(.rain)`).
        case rain
        /// Air quality.
        case air
    }

    /// `weather settings --provider`: `auto` picks by keys; the others pin the forecast.
    package enum Choice: String, Codable, Sendable, CaseIterable {
        /// By the keys set: OpenWeather with its key, else MET Norway.
        case auto
        /// MET Norway, whatever keys are set.
        case met
        /// OpenWeather (needs its key).
        case openweather
    }

    /// Current conditions, hourly and the 7-day rows: `openweather` or `metno`.
    package var forecast: String
    /// Place names to coordinates: `yandex`, `openweather` or `openmeteo-geocoding`.
    package var geocoder: String
    /// Beyond the forecast's days, up to 25: `openweather-pro` (its climate plan) or `openmeteo-ensemble`.
    package var outlook: String
    /// Whether the forecast provider was pinned by `weather settings --provider` rather than
    /// picked by the keys set. (The geocoder and the outlook follow from the keys.)
    package var chosen: Bool

    /// The sources for a configuration and the saved choice (nil: `auto`).
    package static func resolve(_ configuration: Configuration, choice: Choice?) -> ForecastSources {
        let openWeatherKey = configuration.key(for: .openWeather) != nil
        let forecast: Provider =
            switch choice ?? .auto {
            case .met: .metNorway
            case .openweather: .openWeather
            case .auto: openWeatherKey ? .openWeather : .metNorway
            }
        let geocoder: Provider =
            configuration.key(for: .yandexGeocoder) != nil ? .yandexGeocoder : openWeatherKey ? .openWeather : .openMeteoGeocoding
        let outlook: Provider = forecast == .openWeather && openWeatherKey ? .openWeatherPro : .openMeteoEnsemble
        return ForecastSources(
            forecast: forecast.rawValue, geocoder: geocoder.rawValue, outlook: outlook.rawValue, chosen: (choice ?? .auto) != .auto)
    }

    /// The provider that answers `capability`.
    package func provider(_ capability: Capability) -> Provider {
        switch capability {
        case .forecast: Provider(rawValue: forecast) ?? .metNorway
        case .places: Provider(rawValue: geocoder) ?? .openMeteoGeocoding
        case .outlook: Provider(rawValue: outlook) ?? .openMeteoEnsemble
        case .rain: .metNorway
        case .air: .openMeteoAir
        }
    }

    /// Every provider that may answer `capability`, in the order asked: the nowcast's fallback too.
    package func providers(_ capability: Capability) -> [Provider] {
        capability == .rain ? [.metNorway, .openMeteoForecast] : [provider(capability)]
    }

    /// The name a person knows the provider of `capability` by: "MET Norway", "Open-Meteo".
    package func name(_ capability: Capability) -> String { provider(capability).brand }

    /// Every provider that answers some weather capability this run.
    package var answering: Set<Provider> { Set(Capability.allCases.flatMap(providers)) }

    /// True when MET Norway answers the forecast.
    package var usesMET: Bool { forecast == Provider.metNorway.rawValue }

    /// Only the keyless providers, whatever keys are set.
    package static let keyless = ForecastSources(
        forecast: Provider.metNorway.rawValue, geocoder: Provider.openMeteoGeocoding.rawValue, outlook: Provider.openMeteoEnsemble.rawValue,
        chosen: true)
}
