import AlmanacCore
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import Crypto
@testable import DealTable
@testable import Deals
@testable import DealsFront
@testable import Exams
@testable import FrontKit
@testable import Fruit
@testable import Profile
@testable import TerminalKit
@testable import TestHarness
@testable import Weather

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

    /// The app on the recorded samples; with `live`, on the loopback providers with keys instead.
    private func makeApp(live: [String: String]? = nil) throws -> (AlmanacApp, FrontContext) {
        try AppHarness(home: home).makeApp(live: live)
    }

    /// Lets background loads land (and tabs react to them), as frames would.
    private func settle(_ app: AlmanacApp, timeout: TimeInterval = 10) {
        if !AppHarness.settle(app, timeout: timeout) { XCTFail("background loads did not land") }
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

    /// Clears the focused field (`clearing` Backspaces) and types `text`.
    private func retype(_ app: AlmanacApp, _ text: String, clearing: Int = 10) {
        for _ in 0..<clearing { _ = app.apply(.backspace) }
        type(app, text)
    }

    func testEveryTabDrawsFromTheSampleDataAtBothSizes() throws {
        let (app, _) = try makeApp()
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

    func testAddingACityOffersTheGeocodersChoicesAndShowsItsWeather() throws {
        let (app, context) = try makeApp()
        // The Weather tab shown and its saved cities loaded before the first key (under load the
        // key could otherwise come first).
        app.select(0)
        settle(app)
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
        assertOutlookAndHours(app)
        _ = app.apply(.character("s"))
        _ = app.apply(.character("u"))
        XCTAssertTrue(screen(app, 160, 50).contains("imperial"), "shown at once:\n" + screen(app, 160, 50))
        settle(app)  // saved in the background, never in a frame
        XCTAssertEqual(try WeatherService(context: context.app).document().settings.units, .imperial)
        _ = app.apply(.escape)
        XCTAssertTrue(screen(app, 160, 50).contains("°F"))
    }

    /// `t` shows the 25-day outlook, Enter the next 24 hours, where → picks the next hour; Esc leaves them.
    private func assertOutlookAndHours(_ app: AlmanacApp) {
        _ = app.apply(.character("t"))
        settle(app)
        XCTAssertTrue(screen(app, 160, 50).contains("25-day outlook"))
        _ = app.apply(.enter)
        settle(app)
        let hours = screen(app)
        XCTAssertTrue(hours.contains("Next 24"), hours)
        // The source line wraps between its parts: none cut with an ellipsis, no "— chance".
        XCTAssertFalse(hours.contains("…") || hours.contains("— chance"), hours)
        let first = hours.components(separatedBy: "\n").first { $0.hasPrefix("Time") }
        _ = app.apply(.right)
        let second = screen(app).components(separatedBy: "\n").first { $0.hasPrefix("Time") }
        XCTAssertNotEqual(first, second, "→ picks the next hour")
        _ = app.apply(.escape)
    }

    func testWeatherSettingsSavedWhileThePlannerIsLockedEndAsTheScreenShows() throws {
        let (app, context) = try makeApp()
        _ = try WeatherServiceAdd.add("Moscow", context)
        _ = app.apply(.character("1"))
        settle(app)
        _ = app.apply(.character("s"))
        let lock = context.configuration.paths.data.appendingPathComponent(WeatherDocument.fileName + ".lock")
        try FileLock.withLock(lock) {  // another process holds the file: three saves queue up
            for _ in 0..<3 { _ = app.apply(.character("u")) }
            for _ in 0..<2 { _ = app.apply(.character("c")) }
            XCTAssertTrue(screen(app, 160, 50).contains("imperial"), "shown at once:\n" + screen(app, 160, 50))
            XCTAssertGreaterThan(app.current.pending, 0)
        }
        settle(app)
        let settings = try WeatherService(context: context.app).document().settings
        XCTAssertEqual(settings.units, .imperial, "three toggles from metric, saved in order")
        XCTAssertEqual(settings.time, .h24, "two toggles of the clock")
        XCTAssertTrue(screen(app, 160, 50).contains("imperial"), screen(app, 160, 50))
    }

    func testTheExamFormRefusesBadInputAndEscSavesNothing() throws {
        let (app, context) = try makeApp()
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
        settle(app)  // saved in the background, never in a frame
        XCTAssertEqual(try service.exams(passed: false).map(\.name), ["Physics"])
        XCTAssertTrue(screen(app).contains("December 2026"), screen(app))
        XCTAssertTrue(screen(app).contains("Added Physics on 2026-12-03 09:00."), screen(app))
        _ = app.apply(.enter)
        XCTAssertTrue(screen(app).contains("Move to Passed Exams?"), screen(app))
        _ = app.apply(.character("y"))
        settle(app)
        XCTAssertEqual(try service.exams(passed: true).map(\.name), ["Physics"])
        XCTAssertTrue(screen(app).contains("Physics moved to Passed Exams."), screen(app))
    }

    func testAnExamSaveWaitingForThePlannersLockDoesNotHoldTheFrame() throws {
        let (app, context) = try makeApp()
        _ = app.apply(.character("4"))
        let lock = context.configuration.paths.data.appendingPathComponent(ExamsDocument.fileName + ".lock")
        try FileLock.withLock(lock) {  // another process holds the planner meanwhile
            _ = app.apply(.character("n"))
            type(app, "Physics")
            _ = app.apply(.enter)
            type(app, "2026-12-03 09:00")
            _ = app.apply(.enter)
            for tab in app.tabs { tab.tick() }
            XCTAssertTrue(screen(app).contains("Saving…"), screen(app))
            XCTAssertEqual(app.current.pending, 1)
        }
        settle(app)
        XCTAssertTrue(screen(app).contains("Added Physics on 2026-12-03 09:00."), screen(app))
    }

    func testAnExamSaveThatFailsReopensTheFormWithItsSentence() throws {
        let (app, context) = try makeApp()
        _ = app.apply(.character("4"))
        let document = context.configuration.paths.data.appendingPathComponent(ExamsDocument.fileName)
        try FileManager.default.createDirectory(at: document, withIntermediateDirectories: true)  // nothing can replace it
        _ = app.apply(.character("n"))
        type(app, "Physics")
        _ = app.apply(.enter)
        type(app, "2026-12-03 09:00")
        _ = app.apply(.enter)
        settle(app)
        let shown = screen(app)
        XCTAssertTrue(shown.contains("New exam"), "the form is open again:\n\(shown)")
        XCTAssertTrue(shown.contains("Physics") && shown.contains("2026-12-03 09:00"), "with its values:\n\(shown)")
        XCTAssertFalse(shown.contains("Added"), shown)
        XCTAssertTrue(app.apply(.character("q")), "in the form, q is typed, not quit")
    }

    func testRemovingAPairAsksThenSavesInTheBackground() throws {
        let (app, context) = try makeApp()
        _ = app.apply(.character("2"))
        settle(app)
        let service = CryptoService(context: context.app)
        let before = try service.watchlist().items.map(\.symbol)
        XCTAssertTrue(before.contains("BTC/USD"), "\(before)")
        _ = app.apply(.character("d"))
        XCTAssertTrue(screen(app).contains("Remove BTC/USD"), screen(app))
        _ = app.apply(.character("y"))
        settle(app)
        XCTAssertEqual(try service.watchlist().items.map(\.symbol), before.filter { $0 != "BTC/USD" })
        let shown = screen(app)
        XCTAssertTrue(shown.contains("Removed BTC/USD."), shown)
    }

    func testTheCryptoDateFormChecksAsYouType() throws {
        let (app, _) = try makeApp()
        _ = app.apply(.character("2"))
        settle(app)
        _ = app.apply(.enter)
        settle(app)
        XCTAssertTrue(screen(app).contains("BTC/USD — Bitcoin"), screen(app))
        _ = app.apply(.character("f"))
        retype(app, "2026-12-01")
        XCTAssertTrue(screen(app).contains("after today"), screen(app))
        retype(app, "2026-11-19")
        _ = app.apply(.tab)
        retype(app, "2026-11-18")
        XCTAssertTrue(screen(app).contains("is after the end date"), screen(app))
        retype(app, "2026-11-20")
        _ = app.apply(.enter)
        settle(app)
        XCTAssertTrue(screen(app).contains("2026-11-19 to 2026-11-20"), screen(app))
    }

    func testTheProfileIsEditedInPlaceWithTheRuleInline() throws {
        let (app, context) = try makeApp()
        _ = app.apply(.character("6"))
        _ = app.apply(.character("e"))
        retype(app, "1x", clearing: 40)
        XCTAssertTrue(screen(app).contains("A username is 3 to 32 characters"), screen(app))
        retype(app, "alice", clearing: 2)
        _ = app.apply(.enter)
        settle(app)  // saved in the background, never in a frame
        XCTAssertEqual(try ProfileService(context: context.app).username(), "alice")
        XCTAssertTrue(screen(app).contains("Saved: you are alice."), screen(app))
        XCTAssertFalse(app.apply(.character("q")), "outside a field, q quits")
    }

    func testAProfileSaveThatFailsReopensTheFieldWithItsSentence() throws {
        let (app, context) = try makeApp()
        let document = context.configuration.paths.data.appendingPathComponent(Profile.fileName)
        try FileManager.default.createDirectory(at: document, withIntermediateDirectories: true)  // nothing can replace it
        _ = app.apply(.character("6"))
        _ = app.apply(.character("e"))
        retype(app, "alice", clearing: 40)
        _ = app.apply(.enter)
        settle(app)
        let shown = screen(app)
        XCTAssertTrue(shown.contains("Username: alice"), "the field is open again with the name:\n\(shown)")
        XCTAssertFalse(shown.contains("Saved"), shown)
        XCTAssertTrue(app.apply(.character("q")), "in the field, q is typed, not quit")
    }

    func testEveryTabWorksLiveOnTheLoopbackProviders() throws {
        let server = try FixtureServer(fixtures: AppHarness.fixtures)
        var live = server.environment
        live["TWELVEDATA_API_KEY"] = "TD-APP-SECRET-0001"
        live["OPENWEATHER_API_KEY"] = "OW-APP-SECRET-0002"
        live["YANDEX_GEOCODER_API_KEY"] = "YA-APP-SECRET-0003"
        let (app, context) = try makeApp(live: live)
        _ = try WeatherServiceAdd.add("Moscow", context)
        for (index, text) in ["Temperature", "BTC/USD", "Banana", "No pending exams", "Deals · sorted by", "Username"].enumerated() {
            _ = app.apply(.character(Character(String(index + 1))))
            settle(app)
            _ = screen(app, 160, 50)
            settle(app)
            let shown = screen(app, 160, 50)
            XCTAssertTrue(shown.contains(text), "tab \(index + 1), live:\n\(shown)")
            XCTAssertFalse(shown.contains("sample data"), "live answers, not the samples:\n\(shown)")
            XCTAssertFalse(shown.contains("SECRET"), "no key on screen")
        }
        _ = app.apply(.character("2"))
        let status = screen(app, 160, 50).components(separatedBy: "\n").dropLast().last ?? ""
        XCTAssertTrue(status.contains("Twelve Data: live") || status.contains("Twelve Data: cached"), status)
        XCTAssertTrue(status.contains("credits this minute"), "the budget in the status line: \(status)")
    }

    func testBadInputInTheOtherFormsIsSaidOnScreen() throws {
        let (app, context) = try makeApp()
        // Fruit: a date after today and grams that are not a number.
        _ = app.apply(.character("3"))
        settle(app)
        _ = app.apply(.character("e"))
        retype(app, "2026-12-01")
        XCTAssertTrue(screen(app).contains("2026-12-01 is in the future"), screen(app))
        retype(app, "2026-11-20")
        _ = app.apply(.tab)
        retype(app, "abc", clearing: 3)
        _ = app.apply(.enter)
        let said = screen(app).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        XCTAssertTrue(said.contains(NumberInputError.notANumber(.grams, "abc").description), said)
        _ = app.apply(.escape)
        XCTAssertTrue(try FruitService(context: context.app).days(from: "2026-11-01", to: nil).isEmpty, "Esc logged nothing")
        // Crypto: a pair nobody has, said in the status line; the watchlist unchanged.
        _ = app.apply(.character("2"))
        settle(app)
        _ = app.apply(.character("a"))
        type(app, "ZZZQQ")
        _ = app.apply(.enter)
        settle(app)
        XCTAssertTrue(
            screen(app).replacingOccurrences(of: "\n", with: " ").contains("No crypto pair matches \"ZZZQQ\""), "wrapped, whole: \(screen(app))")
        XCTAssertEqual(try CryptoService(context: context.app).watchlist().items.count, 6)
        // Weather: a place the geocoder does not know.
        _ = app.apply(.character("1"))
        _ = app.apply(.character("+"))
        type(app, "Atlantis")
        _ = app.apply(.enter)
        settle(app)
        let weather = screen(app, 160, 50)
        XCTAssertTrue(weather.contains("Atlantis"), "the place nobody knows, said in the status line:\n\(weather)")
        XCTAssertEqual(try WeatherService(context: context.app).document().cities.count, 0)
    }
}
