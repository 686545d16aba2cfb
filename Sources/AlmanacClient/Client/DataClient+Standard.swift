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
            clock: clock, console: console, policy: CreditPolicy(gate: gate))
    }
}
