import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import FrontKit
@testable import Fruit
@testable import TerminalKit
@testable import TestHarness
@testable import Weather

/// The status line never cuts a message: it wraps up to three lines, and `m` shows them all.
final class AppStatusLineTests: XCTestCase {
    private final class Quiet: AppTab {
        var title: String { "Quiet" }
        func activate() {}
        func handle(_ key: Key) -> Bool { false }
        func body(width: Int, height: Int) -> [String] { [] }
        var hints: [String] { [] }
        var keyHelp: [String] { [] }
        var source: String? { nil }
        var pending: Int { 0 }
    }

    func testALongMessageWrapsAndTheMessagesKeyShowsItWhole() {
        let log = AppLog(brands: Set(Provider.allCases.map(\.brand)))
        let app = AlmanacApp(tabs: [Quiet()], style: Style(enabled: false), log: log)
        let long = (1...12).map { "word\($0)-of-a-long-message" }.joined(separator: " ")
        log.add(long)
        let frame = app.frame(columns: 80, rows: 24)
        XCTAssertEqual(frame.count, 24)
        let status = Array(frame[20..<23])
        XCTAssertTrue(status.allSatisfy { Style.width($0) <= 80 }, "\(status)")
        XCTAssertTrue(status.joined(separator: " ").contains("word1-of-a-long-message"), "\(status)")
        XCTAssertTrue(status[2].hasSuffix("… (m: messages)"), "past three lines it says where to read it: \(status)")
        XCTAssertTrue(app.apply(.character("m")))
        let messages = app.frame(columns: 80, rows: 24).joined(separator: " ")
        XCTAssertTrue(messages.contains("Messages of this session (1)"), messages)
        XCTAssertTrue(messages.contains("word12-of-a-long-message"), "the whole message: \(messages)")
        XCTAssertTrue(app.apply(.character("x")), "any key returns")
        log.add("short note")
        XCTAssertEqual(app.frame(columns: 80, rows: 24)[22], "short note", "a short one takes one line")
    }

    /// A note naming a provider stays on the tabs that provider answers for; a note naming
    /// none shows on any tab.
    func testAProviderNoteStaysOnItsTab() {
        let log = AppLog(brands: Set(Provider.allCases.map(\.brand)))
        log.add("Kraken unreachable; showing sample data recorded on 2026-11-20.")
        XCTAssertNil(log.latest(concerning: ["Fruityvice"]), "not on the Fruit tab")
        XCTAssertNil(log.latest(concerning: []), "not on the Exams tab")
        XCTAssertEqual(log.latest(concerning: ["Kraken"]), "Kraken unreachable; showing sample data recorded on 2026-11-20.")
        log.add("warning: the disk is full")
        XCTAssertEqual(log.latest(concerning: []), "warning: the disk is full")
        XCTAssertEqual(log.all.count, 2, "m still shows both")
    }

    /// At 80 columns the Weather tab's source and credits wrap: every credit whole, no line cut.
    func testTheWeatherCreditsAreWholeAt80Columns() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-status-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let harness = AppHarness(home: home)
        let (app, context) = try harness.makeApp()
        _ = try await WeatherService(context: context.app).addCity("Moscow", pick: 1, chooser: nil)
        app.select(0)
        XCTAssertTrue(AppHarness.settle(app))
        _ = app.frame(columns: 80, rows: 60)
        XCTAssertTrue(AppHarness.settle(app))
        let frame = app.frame(columns: 80, rows: 60)
        XCTAssertTrue(frame.allSatisfy { Style.width($0) <= 80 }, frame.joined(separator: "\n"))
        let text = frame.joined(separator: " ")
        for credit in ["Data from MET Norway", "Weather data by Open-Meteo.com", "chance of precipitation from the GFS ensemble"] {
            XCTAssertTrue(text.contains(credit), "\(credit) whole: \(frame.joined(separator: " | "))")
        }
        XCTAssertTrue(text.contains("MET Norway: sample data recorded on 2026-11-20"), "the status line names who answered")
    }

    /// At 60×20 the Deals and Fruit tabs leave out whole columns: no date, number or name is cut.
    func testAt60ColumnsTablesLeaveOutColumnsAndCutNothing() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-narrow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let (app, _) = try AppHarness(home: home).makeApp()
        app.select(4)
        var frame: [String] = []
        let stamped = waitUntil(seconds: 10) {
            for tab in app.tabs { tab.tick() }
            frame = app.frame(columns: 60, rows: 20)
            return frame.contains { $0.range(of: #"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"#, options: .regularExpression) != nil }
        }
        XCTAssertTrue(stamped, frame.joined(separator: "\n"))
        XCTAssertFalse(frame.joined().contains("too narrow"), frame.joined(separator: "\n"))
        app.select(2)
        XCTAssertTrue(AppHarness.settle(app))
        frame = app.frame(columns: 60, rows: 20)
        let rows = frame.filter { $0.range(of: #"^\s*\d+  \w"#, options: .regularExpression) != nil }
        XCTAssertFalse(rows.isEmpty, frame.joined(separator: "\n"))
        XCTAssertFalse(rows.contains { $0.contains("…") }, "no name cut: \(rows)")
        XCTAssertTrue(frame.contains { $0.contains("kcal") && $0.contains("Sugar g") }, frame.joined(separator: "\n"))
    }
}
