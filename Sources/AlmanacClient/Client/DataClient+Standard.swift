import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The client as a run wires it (docs/architecture.md §2): curl, the file cache, the recorded
/// answers, the run's credit gate and the saved provider choices.
extension DataClient {
    /// Wires the standard client for a configuration: curl transport, file cache, fixtures, and
    /// `credits` (the run's Twelve Data gate, shared with the features) as its send policy.
    package static func standard(
        _ configuration: Configuration, console: Console,
        transport: any HTTPTransport = CurlTransport(), clock: any Clock = SystemClock(), credits: CreditGate? = nil
    ) -> DataClient {
        let gate = credits ?? CreditGate.standard(configuration, console: console, clock: clock)
        let budget = gate.budget
        return DataClient(
            configuration: configuration,
            live: LiveClient(transport: transport, configuration: configuration, console: console, observer: budget),
            cache: JSONFileCache(folder: configuration.paths.cache, limitBytes: configuration.cacheLimitBytes, console: console),
            fixtures: configuration.fixtureFolders.isEmpty
                ? nil
                : FixtureTransport(
                    folders: configuration.fixtureFolders, providers: Provider.allCases,
                    replayFolder: configuration.paths.cache.appendingPathComponent("replay"),
                    replayLimitBytes: configuration.cacheLimitBytes / 10),
            clock: clock, console: console, policy: CreditPolicy(gate: gate), savedChoices: SavedChoices.reader(configuration.paths.data))
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
