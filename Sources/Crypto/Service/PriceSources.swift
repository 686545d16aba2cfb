import AlmanacClient
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Which provider prices crypto: `crypto settings --provider`.
package enum PriceSourceChoice: String, Codable, Sendable, CaseIterable {
    /// Twelve Data with a key, else Kraken's keyless public API.
    case auto
    case twelvedata
    case kraken
}

/// Who prices crypto this run — the watchlist's prices, the portfolio's values and daily
/// history (docs/architecture.md §3, "Who answers"): the saved choice, else Twelve Data when its
/// key is set, else Kraken. Every sentence that names the prices' provider asks this type.
package struct PriceSources: Sendable, Equatable {
    /// Twelve Data or Kraken.
    package var provider: Provider
    /// Whether the provider was pinned by `crypto settings --provider` rather than picked by the keys.
    package var chosen: Bool

    /// Sources as given.
    package init(provider: Provider, chosen: Bool) { (self.provider, self.chosen) = (provider, chosen) }

    /// The sources for a configuration and the saved choice (nil: `auto`).
    package static func resolve(_ configuration: Configuration, choice: PriceSourceChoice?) -> PriceSources {
        let provider: Provider =
            switch choice ?? .auto {
            case .kraken: .kraken
            case .twelvedata: .twelveData
            case .auto: configuration.key(for: .twelveData) == nil ? .kraken : .twelveData
            }
        return PriceSources(provider: provider, chosen: (choice ?? .auto) != .auto)
    }

    /// The name a person knows the prices' provider by.
    package var name: String { provider.brand }
}
