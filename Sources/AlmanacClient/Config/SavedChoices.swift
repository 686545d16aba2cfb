import AlmanacCore
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
/// The client is handed a way to read them (`SourcesResolver.savedChoices`) by the wiring above it, so
/// it reads no feature's document itself.
package struct SavedChoices: Sendable, Equatable {
    package var weather: ForecastSources.Choice?
    package var crypto: PriceSourceChoice?

    /// Choices as saved; nil for each: `auto`.
    package init(weather: ForecastSources.Choice? = nil, crypto: PriceSourceChoice? = nil) {
        (self.weather, self.crypto) = (weather, crypto)
    }
}

extension SavedChoices {
    /// Reads the choices where `weather settings --provider` and `crypto settings --provider`
    /// save them — `settings.provider` of `weather.json` and `provider` of
    /// `crypto-settings.json` in `folder` (the data folder) — without a lock, a write or the
    /// features' types; a file or field that cannot be read counts as `auto`.
    /// `SavedChoicesTests` holds these places to the documents the features write.
    package static func reader(_ folder: URL) -> @Sendable () -> SavedChoices {
        {
            SavedChoices(
                weather: field(folder, "weather.json", ["settings", "provider"]).flatMap(ForecastSources.Choice.init),
                crypto: field(folder, "crypto-settings.json", ["provider"]).flatMap(PriceSourceChoice.init))
        }
    }

    /// The string at `path` under a stored document's `data` (`DocumentStore`'s file format).
    private static func field(_ folder: URL, _ file: String, _ path: [String]) -> String? {
        guard let bytes = FileBytes.read(atPath: folder.appendingPathComponent(file).path), let root = JSONValue.parse(bytes) else {
            return nil
        }
        return path.reduce(root["data"]) { value, key in value?[key] }?.stringValue
    }
}
