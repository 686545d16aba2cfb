import AlmanacCore
import AlmanacKit
import Foundation
import XCTest

@testable import AlmanacUI

/// The full-screen app driven in process: keys in, frames out, on the recorded sample data.
final class AppTests: XCTestCase {
    private var home: URL!

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: home)
    }

    private func makeApp() -> (AlmanacApp, FrontContext) {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        let environment = Environment(["ALMANAC_HOME": home.path, "ALMANAC_FIXTURES": fixtures.path, "ALMANAC_TODAY": "2026-11-21"])
        let configuration = Configuration(environment: environment, offline: true)
        let log = AppLog()
        let console = log.console()
        let app = AppContext(configuration: configuration, console: console, client: DataClient.standard(configuration, console: console))
        let context = FrontContext(app: app, style: Style(enabled: false), json: false, interactive: true)
        let feed = DealFeed(source: .server(count: 5000, seed: 7, pace: 0), column: .date, descending: true)
        return (AppWiring.app(context: context, log: log, feed: feed), context)
    }

    /// Lets background loads land (and tabs react to them), as frames would.
    private func settle(_ app: AlmanacApp, timeout: TimeInterval = 10) {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            for tab in app.tabs { tab.tick() }
            if app.tabs.filter({ !($0 is DealsTab) }).allSatisfy({ $0.pending == 0 }) { return }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        XCTFail("background loads did not land")
    }

    private func screen(_ app: AlmanacApp, _ columns: Int = 80, _ rows: Int = 24) -> String {
        let lines = app.frame(columns: columns, rows: rows)
        XCTAssertEqual(lines.count, rows)
        for line in lines { XCTAssertLessThanOrEqual(Style.width(line), columns, line) }
        return lines.joined(separator: "\n")
    }

    private func type(_ app: AlmanacApp, _ text: String) {
        for character in text { XCTAssertTrue(app.apply(.character(character))) }
    }

    func testEveryTabDrawsFromTheSampleDataAtBothSizes() {
        let (app, _) = makeApp()
        let expected = ["No saved cities yet", "BTC/USD", "Banana", "No pending exams", "Deals · sorted by", "Username"]
        for (index, text) in expected.enumerated() {
            _ = app.apply(.character(Character(String(index + 1))))
            settle(app)
            for (columns, rows) in [(80, 24), (160, 50)] {
                let shown = screen(app, columns, rows)
                XCTAssertTrue(shown.contains(text), "tab \(index + 1) at \(columns)×\(rows):\n\(shown)")
                XCTAssertTrue(shown.components(separatedBy: "\n")[0].contains("[\(index + 1) "), "the tab bar marks the shown tab")
            }
        }
        XCTAssertTrue(app.apply(.tab))
        XCTAssertEqual(app.index, 0, "Tab after the last tab comes back to the first")
        XCTAssertTrue(app.apply(.backTab))
        XCTAssertEqual(app.index, 5)
    }

    func testAddingACityOffersTheGeocodersChoicesAndShowsItsWeather() {
        let (app, context) = makeApp()
        _ = app.apply(.character("+"))
        type(app, "Saint Petersburg")
        _ = app.apply(.enter)
        settle(app)
        let choices = screen(app)
        XCTAssertTrue(choices.contains("Places matching \"Saint Petersburg\""), choices)
        XCTAssertTrue(choices.contains("St. Petersburg, Florida"), choices)
        XCTAssertTrue(app.apply(.character("q")), "a choice list takes every key; q does not quit")
        _ = app.apply(.enter)
        settle(app)
        _ = screen(app)
        settle(app)
        let saved = screen(app, 160, 50)
        XCTAssertTrue(saved.contains("Saved Saint Petersburg, Russia"), saved)
        XCTAssertTrue(saved.contains("Temperature") && saved.contains("7-day forecast"), saved)
        XCTAssertEqual(try WeatherService(context: context.app).document().cities.count, 1)
        _ = app.apply(.character("t"))
        settle(app)
        XCTAssertTrue(screen(app, 160, 50).contains("25-day forecast"))
        _ = app.apply(.enter)
        settle(app)
        let hours = screen(app)
        XCTAssertTrue(hours.contains("Next 24"), hours)
        let first = hours.components(separatedBy: "\n").first { $0.hasPrefix("Time") }
        _ = app.apply(.right)
        let second = screen(app).components(separatedBy: "\n").first { $0.hasPrefix("Time") }
        XCTAssertNotEqual(first, second, "→ picks the next hour")
        _ = app.apply(.escape)
        _ = app.apply(.character("s"))
        _ = app.apply(.character("u"))
        XCTAssertEqual(try WeatherService(context: context.app).document().settings.units, .imperial, "applies at once")
        _ = app.apply(.escape)
        XCTAssertTrue(screen(app, 160, 50).contains("°F"))
    }

    func testTheExamFormRefusesBadInputAndEscSavesNothing() throws {
        let (app, context) = makeApp()
        let service = ExamService(context: context.app)
        _ = app.apply(.character("4"))
        _ = app.apply(.character("n"))
        type(app, "Physics")
        _ = app.apply(.enter)
        type(app, "2026-02-30 09:00")
        XCTAssertTrue(screen(app).contains("not a date and time"), screen(app))
        _ = app.apply(.enter)
        XCTAssertTrue(screen(app).contains("New exam"), "Enter is refused while the date is bad")
        _ = app.apply(.escape)
        XCTAssertEqual(try service.exams(passed: false).count, 0, "Esc saved nothing")

        _ = app.apply(.character("n"))
        type(app, "Physics")
        _ = app.apply(.enter)
        type(app, "2026-12-03 09:00")
        _ = app.apply(.enter)
        XCTAssertEqual(try service.exams(passed: false).map(\.name), ["Physics"])
        XCTAssertTrue(screen(app).contains("December 2026"), screen(app))
        _ = app.apply(.enter)
        XCTAssertTrue(screen(app).contains("Move to Passed Exams?"), screen(app))
        _ = app.apply(.character("y"))
        XCTAssertEqual(try service.exams(passed: true).map(\.name), ["Physics"])
    }

    func testTheCryptoDateFormChecksAsYouType() {
        let (app, _) = makeApp()
        _ = app.apply(.character("2"))
        settle(app)
        _ = app.apply(.enter)
        settle(app)
        XCTAssertTrue(screen(app).contains("BTC/USD — Bitcoin"), screen(app))
        _ = app.apply(.character("f"))
        for _ in 0..<10 { _ = app.apply(.backspace) }
        type(app, "2026-12-01")
        XCTAssertTrue(screen(app).contains("after today"), screen(app))
        for _ in 0..<10 { _ = app.apply(.backspace) }
        type(app, "2026-11-19")
        _ = app.apply(.tab)
        for _ in 0..<10 { _ = app.apply(.backspace) }
        type(app, "2026-11-18")
        XCTAssertTrue(screen(app).contains("is after the end date"), screen(app))
        for _ in 0..<10 { _ = app.apply(.backspace) }
        type(app, "2026-11-20")
        _ = app.apply(.enter)
        settle(app)
        XCTAssertTrue(screen(app).contains("2026-11-19 to 2026-11-20"), screen(app))
    }

    func testTheProfileIsEditedInPlaceWithTheRuleInline() throws {
        let (app, context) = makeApp()
        _ = app.apply(.character("6"))
        _ = app.apply(.character("e"))
        for _ in 0..<40 { _ = app.apply(.backspace) }
        type(app, "1x")
        XCTAssertTrue(screen(app).contains("A username is 3 to 32 characters"), screen(app))
        for _ in 0..<2 { _ = app.apply(.backspace) }
        type(app, "alice")
        _ = app.apply(.enter)
        XCTAssertEqual(try ProfileService(context: context.app).username(), "alice")
        XCTAssertFalse(app.apply(.character("q")), "outside a field, q quits")
    }
}
