import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Who answers each capability this run (docs/architecture.md §3, "Who answers"): decided once,
/// from the keys set, the saved provider choices and `--offline`. Every sentence that names a
/// provider — the first-run prompt, status lines, help, footers, `doctor`, notes and errors —
/// asks this type for the name, so no two of them can disagree.
package struct RunSources: Sendable, Equatable {
    /// What a user asks for, each answered by one provider a run.
    package enum Capability: String, CaseIterable, Sendable {
        /// Current conditions, hourly and the 7-day rows.
        case forecast
        /// Place names to coordinates.
        case places
        /// Days beyond the forecast's, up to 25.
        case outlook
        /// The watchlist's prices and the portfolio's values.
        case prices
        /// Daily prices over a range.
        case history
        /// The fruit catalogue and nutrition.
        case fruit
        /// Live trades for `deals --source kraken:PAIR`.
        case tape
        /// Rain in the next two hours: MET's radar nowcast where it covers the place, else
        /// Open-Meteo's 15-minute steps (`providers(.rain)`).
        case rain
        /// Air quality.
        case air
    }

    /// Forecast, places and outlook.
    package var weather: ForecastSources
    /// Prices and history: Twelve Data or Kraken.
    package var crypto: Provider
    /// Whether the crypto provider was pinned by `crypto settings --provider`.
    package var cryptoChosen: Bool
    /// `--offline`: every answer from the cache or the sample data.
    package var offline: Bool
    /// Providers whose key is set.
    package var keyed: Set<String>

    /// The sources for a configuration and the saved choices (nil: `auto`).
    package static func resolve(
        _ configuration: Configuration, weather: ForecastSources.Choice?, crypto: PriceSourceChoice?
    ) -> RunSources {
        let prices: Provider =
            switch crypto ?? .auto {
            case .kraken: .kraken
            case .twelvedata: .twelveData
            case .auto: configuration.key(for: .twelveData) == nil ? .kraken : .twelveData
            }
        let keyed = Set(Provider.allCases.filter { configuration.key(for: $0) != nil }.map(\.rawValue))
        return RunSources(
            weather: ForecastSources.resolve(configuration, choice: weather), crypto: prices, cryptoChosen: (crypto ?? .auto) != .auto,
            offline: configuration.offline, keyed: keyed)
    }

    /// The provider that answers `capability`.
    package func provider(_ capability: Capability) -> Provider {
        switch capability {
        case .forecast: Provider.named(weather.forecast) ?? .metNorway
        case .places: Provider.named(weather.geocoder) ?? .openMeteoGeocoding
        case .outlook: Provider.named(weather.outlook) ?? .openMeteoEnsemble
        case .prices, .history: crypto
        case .fruit: .fruityvice
        case .tape: .kraken
        case .rain: .metNorway
        case .air: .openMeteoAir
        }
    }

    /// Every provider that may answer `capability`, in the order asked: the nowcast's fallback too.
    package func providers(_ capability: Capability) -> [Provider] {
        capability == .rain ? [.metNorway, .openMeteoForecast] : [provider(capability)]
    }

    /// The name a person knows the provider of `capability` by: "MET Norway", "Open-Meteo".
    package func name(_ capability: Capability) -> String { Self.brand(provider(capability)) }

    /// A provider's name in a sentence: Open-Meteo's two hosts are one Open-Meteo, OpenWeather's
    /// Pro host is OpenWeatherMap.
    package static func brand(_ provider: Provider) -> String {
        switch provider {
        case .openMeteoGeocoding, .openMeteoEnsemble, .openMeteoForecast, .openMeteoAir: "Open-Meteo"
        case .openWeatherPro: Provider.openWeather.displayName
        default: provider.displayName
        }
    }

    /// Whether `capability` answers from the sample data whatever the network does: offline, or
    /// its provider needs a key that is not set.
    package func onSampleData(_ capability: Capability) -> Bool {
        let provider = provider(capability)
        return offline || (provider.keyVariable != nil && !keyed.contains(provider.rawValue))
    }

    /// Every provider that answers some capability this run.
    package var answering: Set<Provider> { Set(Capability.allCases.flatMap(providers)) }

    /// Whether a note about `provider` concerns this run: it answers a capability. Twelve Data's
    /// pair catalogue, read for the pairs' names when Kraken prices, is reference data, not an answer.
    package func answers(_ provider: Provider) -> Bool {
        answering.contains { $0 == provider || Self.brand($0) == Self.brand(provider) }
    }
}

extension Provider {
    /// The provider with this `rawValue`, nil for none.
    package static func named(_ rawValue: String) -> Provider? { allCases.first { $0.rawValue == rawValue } }
}
