import Foundation

/// Which provider prices crypto: `crypto settings --provider`.
package enum PriceSourceChoice: String, Codable, Sendable, CaseIterable {
    /// Twelve Data with a key, else Kraken's keyless public API.
    case auto
    case twelvedata
    case kraken
}

/// The provider choices the user saved (`weather settings --provider`, `crypto settings
/// --provider`), as `RunSources` reads them (docs/architecture.md §3, "Who answers"); nil: `auto`.
/// The client is handed a way to read them (`DataClient.savedChoices`) by the wiring above it, so
/// it reads no feature's document itself.
package struct SavedChoices: Sendable, Equatable {
    package var weather: ForecastSources.Choice?
    package var crypto: PriceSourceChoice?

    /// Choices as saved; nil for each: `auto`.
    package init(weather: ForecastSources.Choice? = nil, crypto: PriceSourceChoice? = nil) {
        (self.weather, self.crypto) = (weather, crypto)
    }
}
