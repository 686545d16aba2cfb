import AlmanacCore
import AlmanacHTTP
import Foundation

/// The client as a run wires it (docs/architecture.md §2): curl, the file cache, the recorded
/// answers; the features adopt their send policies as the run needs them (`SendPolicies`).
extension DataClient {
    /// Wires the standard client for a configuration: curl transport, file cache, fixtures.
    package static func standard(
        _ configuration: Configuration, console: Console, transport: any HTTPTransport = CurlTransport(), clock: any Clock = SystemClock()
    ) -> DataClient {
        DataClient(
            configuration: configuration,
            live: LiveClient(transport: transport, configuration: configuration, console: console),
            cache: JSONFileCache(folder: configuration.paths.cache, limitBytes: configuration.cacheLimitBytes, console: console),
            fixtures: configuration.fixtureFolders.isEmpty
                ? nil
                : FixtureTransport(
                    folders: configuration.fixtureFolders,
                    replayFolder: configuration.paths.cache.appendingPathComponent("replay"),
                    replayLimitBytes: configuration.cacheLimitBytes / 10),
            clock: clock, console: console)
    }
}
