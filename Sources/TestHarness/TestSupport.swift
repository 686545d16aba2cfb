import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

/// A fresh temporary folder per test, removed afterwards.
package func makeTemporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = try freshTemporaryFolder()
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// Captures what a console writes.
package final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""
    package lazy var console: Console = Console(
        verbose: true,
        out: { [unowned self] text in self.lock.withLock { self.outText += text } },
        err: { [unowned self] text in self.lock.withLock { self.errText += text } })

    package var out: String { lock.withLock { outText } }
    package var err: String { lock.withLock { errText } }
}

/// The keyless providers pointed at a closed loopback port: a test that does not start a server
/// for them sees them unreachable at once (never the internet).
package let unreachableKeyless = Dictionary(
    uniqueKeysWithValues: Provider.allCases.filter { $0.keyVariable == nil }.map { ($0.urlVariable, "http://127.0.0.1:1") })

/// A configuration rooted in a temporary home, with the given variables.
func makeConfiguration(
    home: URL, _ variables: [String: String] = [:], offline: Bool = false,
    refresh: Bool = false, maxAge: TimeInterval? = nil
) -> Configuration {
    var values = ["ALMANAC_HOME": home.path, "ALMANAC_FIXTURES": repositoryFixtures.path].merging(unreachableKeyless) { a, _ in a }
    values.merge(variables) { _, new in new }
    return Configuration(environment: Environment(values), offline: offline, refresh: refresh, maxAge: maxAge, verbose: true)
}

/// A client wired like the real one, with a manual clock and instant retries; the features adopt
/// their send policies as in a run (`SendPolicies`).
func makeClient(_ configuration: Configuration, console: Console, clock: ManualClock = ManualClock()) -> DataClient {
    var retry = RetryPolicy()
    retry.sleep = { _ in }
    let live = LiveClient(transport: CurlTransport(), configuration: configuration, retry: retry, console: console)
    return DataClient(
        configuration: configuration, live: live,
        cache: JSONFileCache(folder: configuration.paths.cache, limitBytes: configuration.cacheLimitBytes, console: console),
        fixtures: configuration.fixtureFolders.isEmpty ? nil : FixtureTransport(folders: configuration.fixtureFolders, providers: Provider.allCases),
        clock: clock, console: console
    )
}

/// A context wired like a live run of the program against `server` (Twelve Data key set,
/// `ALMANAC_TODAY` 2026-11-20), on a manual clock, with its console captured.
func makeLiveContext(
    _ test: XCTestCase, _ server: FixtureServer, clock: ManualClock, sleep: @escaping Sleeper = PolicyWaits.systemSleep,
    deadline: RunDeadline? = nil
) throws -> (AppContext, CapturedConsole) {
    var variables = server.environment
    variables["TWELVEDATA_API_KEY"] = "TD-IN-PROCESS-KEY-1"
    variables["ALMANAC_TODAY"] = "2026-11-20"
    var configuration = makeConfiguration(home: try makeTemporaryFolder(test), variables)
    configuration.deadline = deadline
    let captured = CapturedConsole()
    let context = AppContext(
        configuration: configuration, console: captured.console,
        client: makeClient(configuration, console: captured.console, clock: clock), clock: clock,
        waits: PolicyWaits(sleep: sleep))
    return (context, captured)
}

/// Every byte under a folder, as text, for secret scans.
func allText(under folder: URL) -> String {
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return "" }
    var text = ""
    for case let url as URL in enumerator {
        text += url.lastPathComponent + "\n"
        if let data = try? Data(contentsOf: url) { text += String(decoding: data, as: UTF8.self) + "\n" }
    }
    return text
}

/// The folder holding the built products (almanac, almanac-bench).
let productsFolder: URL = {
    var url = Bundle.main.bundleURL
    for _ in 0..<4 where !FileManager.default.fileExists(atPath: url.appendingPathComponent("almanac").path) {
        url = url.deletingLastPathComponent()
    }
    return url
}()
