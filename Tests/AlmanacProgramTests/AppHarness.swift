import AlmanacClient
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import Deals
@testable import DealsFront
@testable import FrontKit
@testable import TerminalKit
@testable import TestHarness

/// The full-screen app wired like the real one, driven in process by the tests: keys in,
/// frames out, on the recorded samples or on loopback providers.
struct AppHarness {
    /// Where the app keeps its files (a fresh folder per test).
    let home: URL

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The app on the recorded samples; with `live`, on the providers those variables name.
    func makeApp(live: [String: String]? = nil) throws -> (AlmanacApp, FrontContext) {
        var values = ["ALMANAC_HOME": home.path, "ALMANAC_FIXTURES": Self.fixtures.path, "ALMANAC_TODAY": "2026-11-21"]
        values.merge(live ?? [:]) { _, new in new }
        let configuration = Configuration(environment: Environment(values), offline: live == nil)
        let log = AppLog(brands: Set(Provider.allCases.map(\.brand)))
        let console = log.console()
        let app = AppContext(configuration: configuration, console: console, client: DataClient.standard(configuration, console: console))
        let context = FrontContext(app: app, style: Style(enabled: false), json: false, interactive: true)
        let almanac = try AppWiring.app(context: context, log: log) { _ in
            DealFeed(source: .server(count: 5000, seed: 7, pace: 0), column: .date, descending: true)
        }
        return (almanac, context)
    }

    /// Lets background loads land (and tabs react to them), as frames would; false when some
    /// were still running after `timeout` seconds.
    static func settle(_ app: AlmanacApp, timeout: TimeInterval = 10) -> Bool {
        waitUntil(seconds: timeout) {
            for tab in app.tabs { tab.tick() }
            return app.tabs.filter { !($0 is DealsTab) }.allSatisfy { $0.pending == 0 }
        }
    }
}
