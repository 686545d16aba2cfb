import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import AlmanacTestSupport
import Foundation

/// `almanac-bench serve`: a loopback server shaped like every provider, answering from the
/// recordings, for demos and for regenerating README output without the internet. Prints the
/// variables to export, then serves for `--seconds` (600). `--now`: answers dated now, so a
/// cache keeps them fresh for their recorded lifetime (a warm cache, as `almanac-bench glance` has).
enum ServeCommand {
    static func run(_ options: BenchOptions) async throws {
        let server = try FixtureServer(
            fixtures: try CacheBench.locateFixtures(), credits: CreditWindow(perMinute: options.int("credits", default: 8)),
            redated: options.flag("now"))
        let lines = server.environment.sorted { $0.key < $1.key }.map { "export \($0.key)=\($0.value)\n" }.joined()
        FileHandle.standardOutput.write(Data(lines.utf8))
        try await Task.sleep(nanoseconds: UInt64(options.int("seconds", default: 600)) * 1_000_000_000)
    }
}
