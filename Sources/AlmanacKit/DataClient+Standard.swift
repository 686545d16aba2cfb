import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The client as a run wires it: above the client and the features, as it hands the client what
/// the features keep (the saved provider choices).
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
    /// Reads the choices from the weather and crypto settings documents in `folder` (the data
    /// folder), without a lock or a write; a document that cannot be read counts as `auto`.
    package static func reader(_ folder: URL) -> @Sendable () -> SavedChoices {
        {
            SavedChoices(
                weather: DocumentStore<WeatherDocument>(folder: folder).peek()?.settings.provider,
                crypto: DocumentStore<CryptoSettings>(folder: folder).peek()?.provider)
        }
    }
}
