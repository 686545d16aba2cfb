import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProgram
import AlmanacProviders
import Deals
import DealsFront
import Foundation
import FrontKit
import TerminalKit
import Weather

/// Keypress-to-frame times of the full-screen app, in process: a key applied, every tab's
/// per-frame work (deals merging), the whole 160×50 frame laid out and diffed into a buffer.
/// On the Deals tab at 1,000,000 deals while more arrive, and on the Weather tab.
enum AppBench {
    static func run(_ options: BenchOptions) async throws {
        let count = options.int("presses", default: 300)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-bench-app-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let (app, context) = try makeApp(root: root, count: 1_500_000)
        _ = try await WeatherService(context: context.app).addCity("Moscow", pick: 1, chooser: nil)
        _ = try await WeatherService(context: context.app).addCity("London", pick: 1, chooser: nil)
        let screen = ScreenWriter { _ in }

        _ = app.apply(.character("5"))
        let deals = app.tabs.compactMap { $0 as? DealsTab }.first!
        while deals.browser.feed.store.count < 1_000_000 { for tab in app.tabs { tab.tick() } }
        let before = deals.browser.feed.received
        let moving = presses(app, screen, count, keys: [.down, .pageDown, .character("f"), .up, .pageUp, .character("f")])
        let flipping = presses(app, screen, max(10, count / 10), keys: [.character("r")])
        let (sorting, landing) = resorts(app, screen, deals: deals)
        let arrived = deals.browser.feed.received - before

        let weather = try await weatherPresses(app, screen, count, after: deals)
        func figures(_ times: [Double]) -> String { "median \(milliseconds(OfflineBench.median(times))) · worst \(milliseconds(times.max() ?? 0))" }
        let rows: [(String, String)] = [
            ("Deals, 1M+ rows, ingesting: ↑↓ PgUp PgDn f", figures(moving)),
            ("Deals: r (reverse the order)", figures(flipping)),
            ("Deals: s (re-sort by the next column)", figures(sorting)),
            ("Deals: frames until the re-sort lands", figures(landing) + " · \(landing.count) frames"),
            ("deals arrived meanwhile", NumberText.grouped(arrived)),
            ("Weather: ←→ ↑↓ t Enter Esc, first 50 (loads landing)", figures(Array(weather.prefix(50)))),
            ("Weather: the rest (every city loaded)", figures(Array(weather.dropFirst(50)))),
            ("keypresses", "\(count) moving, \(max(10, count / 10)) reversing, 10 re-sorting, \(count) weather"),
        ]
        report(
            "Full-screen app, keypress to frame at 160×50 (goal: worst ≤ 16 ms)", rows,
            json: [
                "dealsMedianMs": OfflineBench.median(moving) * 1000, "dealsWorstMs": (moving.max() ?? 0) * 1000,
                "reverseWorstMs": (flipping.max() ?? 0) * 1000, "resortWorstMs": (sorting.max() ?? 0) * 1000,
                "landingWorstMs": (landing.max() ?? 0) * 1000,
                "weatherMedianMs": OfflineBench.median(weather) * 1000, "weatherWorstMs": (weather.max() ?? 0) * 1000, "arrived": arrived,
            ], asJSON: options.json)
    }

    /// Ten re-sorts: each keypress frame, and every frame until its re-sort lands (each a whole frame).
    private static func resorts(_ app: AlmanacApp, _ screen: ScreenWriter, deals: DealsTab) -> (sorting: [Double], landing: [Double]) {
        var sorting: [Double] = []
        var landing: [Double] = []
        for _ in 0..<10 {
            sorting += presses(app, screen, 1, keys: [.character("s")])
            while deals.browser.feed.store.sortingTo != nil { landing += presses(app, screen, 1, keys: [.character("x")]) }
        }
        return (sorting, landing)
    }

    /// The Weather tab on its own, once the stream has ended (its merging would otherwise share each frame).
    private static func weatherPresses(_ app: AlmanacApp, _ screen: ScreenWriter, _ count: Int, after deals: DealsTab) async throws -> [Double] {
        while !deals.browser.feed.isComplete || deals.browser.feed.store.sortingTo != nil { for tab in app.tabs { tab.tick() } }
        _ = app.apply(.character("1"))
        for _ in 0..<200 {
            for tab in app.tabs { tab.tick() }
            if app.tabs[0].pending == 0 { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        return presses(app, screen, count, keys: [.right, .down, .character("t"), .left, .enter, .right, .escape])
    }

    /// The app on the recorded samples in a fresh home, with a deal source of `count` deals sent as fast as they can be.
    static func makeApp(root: URL, count: Int) throws -> (AlmanacApp, FrontContext) {
        var values = ["ALMANAC_HOME": root.path, "ALMANAC_TODAY": "2026-11-21"]
        values["ALMANAC_FIXTURES"] = try CacheBench.locateFixtures().path
        let configuration = Configuration(environment: Environment(values), offline: true)
        let log = AppLog(brands: Set(Provider.allCases.map(\.brand)))
        let console = log.console()
        let app = AppContext(configuration: configuration, console: console, client: DataClient.standard(configuration, console: console))
        let context = FrontContext(app: app, style: Style(enabled: true), json: false, interactive: true)
        let almanac = try AppWiring.app(context: context, log: log) { _ in
            DealFeed(source: .server(count: count, seed: 42, pace: 0), column: .date, descending: true)
        }
        return (almanac, context)
    }

    /// Seconds from each key to its frame written.
    static func presses(_ app: AlmanacApp, _ screen: ScreenWriter, _ count: Int, keys: [Key]) -> [Double] {
        (0..<count).map { index in
            measure {
                _ = app.apply(keys[index % keys.count])
                for tab in app.tabs { tab.tick() }
                screen.draw(app.frame(columns: 160, rows: 50), columns: 160, rows: 50)
            }
        }
    }
}
