import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import FrontKit
@testable import TerminalKit
@testable import TestHarness

/// docs/app.md's screens are the app's frames: each `<!-- app-screen: NAME -->` block is the
/// in-process app at 80×24 on the recorded samples (keyless, no colour), blank lines run
/// together. A change to a screen fails here; `ALMANAC_WRITE_DOCS=1` (`make docs`)
/// rewrites the blocks from the frames.
final class AppScreensDocTests: XCTestCase {
    /// Each screen: the tab, the keys typed there, and how many of its lines the page shows
    /// (nil: all).
    static let screens: [String: (tab: Int, keys: [Key], lines: Int?)] = [
        "weather": (0, [], nil),
        "weather-hours": (0, [.enter], nil),
        "crypto": (1, [], nil),
        "fruit": (2, [], 7),
        "exams": (3, [], nil),
        "deals": (4, [], 7),
        "profile": (5, [], nil),
        "exam-form": (3, [.character("n")] + "Physics".map(Key.character) + [.enter] + "2026-02-30 09:00".map(Key.character), nil),
    ]

    /// The demo's folder, as docs/app.md names it.
    static let home = URL(fileURLWithPath: "/tmp/almanac-demo")

    func testEveryScreenInTheGuideIsTheAppsFrame() throws {
        let guide = repositoryFixtures.deletingLastPathComponent().appendingPathComponent("docs/app.md")
        var text = try String(contentsOf: guide, encoding: .utf8)
        let names = text.matches(of: #/<!-- app-screen: ([a-z-]+) -->/#).map { String($0.1) }
        XCTAssertEqual(Set(names), Set(Self.screens.keys), "every screen listed is in the guide, once")
        try prepareDemo()
        for name in names {
            let frame = try screen(name)
            let block = try XCTUnwrap(text.firstRange(of: "<!-- app-screen: \(name) -->\n\n```text\n"), name)
            let end = try XCTUnwrap(text[block.upperBound...].firstRange(of: "\n```\n"), name)
            let shown = String(text[block.upperBound..<end.lowerBound])
            if ProcessInfo.processInfo.environment["ALMANAC_WRITE_DOCS"] == "1" {
                text.replaceSubrange(block.upperBound..<end.lowerBound, with: frame)
            } else {
                XCTAssertEqual(shown, frame, "docs/app.md's \(name) screen differs from the app's frame (ALMANAC_WRITE_DOCS=1 rewrites it)")
            }
        }
        if ProcessInfo.processInfo.environment["ALMANAC_WRITE_DOCS"] == "1" { try text.write(to: guide, atomically: true, encoding: .utf8) }
    }

    /// Two saved cities (Moscow the default), three exams, the username alice.
    private func prepareDemo() throws {
        try? FileManager.default.removeItem(at: Self.home)
        try FileManager.default.createDirectory(at: Self.home, withIntermediateDirectories: true)
        let sample = ["ALMANAC_OFFLINE": "1", "ALMANAC_TODAY": "2026-11-21"]
        let steps: [[String]] = [
            ["weather", "add", "Moscow"], ["weather", "add", "Oslo"], ["profile", "set-username", "alice"],
            ["exams", "add", "Physics", "--date", "2026-12-03 09:00"], ["exams", "add", "Linear algebra", "--date", "2026-12-10 10:00"],
            ["exams", "add", "History", "--date", "2027-01-14 12:00"],
        ]
        for step in steps {
            let run = try runAlmanac(step, home: Self.home, environment: sample)
            XCTAssertEqual(run.status, 0, "\(step): \(run.err)")
        }
    }

    /// The named screen at 80×24, as the guide shows it.
    private func screen(_ name: String) throws -> String {
        let screen = try XCTUnwrap(Self.screens[name])
        let (app, _) = try AppHarness(home: Self.home).makeApp()
        defer { for tab in app.tabs { _ = tab.finish() } }
        app.select(screen.tab)
        XCTAssertTrue(AppHarness.settle(app), name)
        if screen.tab == 4 {
            let shown = waitUntil(seconds: 20) {
                for tab in app.tabs { tab.tick() }
                return app.frame(columns: 80, rows: 24).joined().contains("of 5,000")
            }
            XCTAssertTrue(shown, "\(name): the deals arrived")
        }
        for key in screen.keys { XCTAssertTrue(app.apply(key), name) }
        XCTAssertTrue(AppHarness.settle(app), name)
        var lines: [String] = []
        for line in app.frame(columns: 80, rows: 24).map({ String($0.reversed().drop { $0 == " " }.reversed()) }) {
            if line.isEmpty, lines.last?.isEmpty ?? true { continue }  // blank lines run together
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return (screen.lines.map { Array(lines.prefix($0)) } ?? lines).joined(separator: "\n")
    }
}
