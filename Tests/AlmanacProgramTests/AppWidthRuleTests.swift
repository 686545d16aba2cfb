import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import DealsFront
@testable import FrontKit
@testable import TerminalKit
@testable import TestHarness

/// The width rule in the full-screen app, tabs × widths: every screen's lines fit 40, 60, 80 and
/// 120 columns as composed, before the app's last-resort clip — whole columns left out, sentences wrapped —
/// so nothing on screen ends in a cut word.
final class AppWidthRuleTests: XCTestCase {
    static let widths = [40, 60, 80, 120]
    /// Each screen: the tab, the keys that open it from the tab's first screen, and a text every
    /// width must still show.
    static let screens: [(name: String, tab: Int, keys: [Key], keeps: String)] = [
        ("weather", 0, [], "°C"),
        ("weather hour", 0, [.enter], "°C"),
        ("weather 25 days", 0, [.character("t")], "°C"),
        ("weather settings", 0, [.character("s")], "Units"),
        ("crypto", 1, [], "BTC/USD"),
        ("crypto page", 1, [.enter], "BTC/USD"),
        ("crypto add form", 1, [.character("a")], "Add a pair"),
        ("fruit", 2, [], "Banana"),
        ("fruit page", 2, [.enter], "100 g"),
        ("fruit groups", 2, [.character("g")], "Kiwi"),
        ("fruit log", 2, [.character("l")], "30 days"),
        ("fruit eaten form", 2, [.character("e")], "Date"),
        ("exams", 3, [], "Linear algebra"),
        ("exams add form", 3, [.character("n")], "Date"),
        ("exams passed", 3, [.right], "Passed"),
        ("deals", 4, [], "deals"),
        ("deals groups", 4, [.character("F")], "group"),
        ("deals statistics", 4, [.character("I")], "price"),
        ("deals keys", 4, [.character("?")], "filter"),
        ("deals filter", 4, [.character("/")], "Enter apply"),
        ("profile", 5, [], "Profile"),
        ("profile edit", 5, [.character("e")], "Username"),
        ("keys", 0, [.character("?")], "Everywhere"),
        ("messages", 0, [.character("m")], "Messages"),
    ]

    func testEveryTabFitsEveryWidth() async throws {
        let home = try makeTemporaryFolder(self)
        let sample = ["ALMANAC_OFFLINE": "1", "ALMANAC_TODAY": "2026-11-21"]
        XCTAssertEqual(try runAlmanac(["weather", "add", "Oslo"], home: home, environment: sample).status, 0)
        XCTAssertEqual(
            try runAlmanac(["exams", "add", "Linear algebra", "--date", "2026-12-03 09:30"], home: home, environment: sample).status, 0)
        for screen in Self.screens {
            let (app, _) = try AppHarness(home: home).makeApp()
            app.select(screen.tab)
            XCTAssertTrue(AppHarness.settle(app), screen.name)
            if screen.tab == 4 { Self.waitForDeals(app) { $0.contains("of 5,000") } }
            for key in screen.keys { XCTAssertTrue(app.apply(key)) }
            XCTAssertTrue(AppHarness.settle(app), screen.name)
            if screen.tab == 4 { Self.waitForDeals(app) { !$0.contains("Grouping the deals") && !$0.contains("Describing the columns") } }
            for width in Self.widths {
                let name = "\(screen.name) at \(width)"
                // 24 rows, and 200 (every line a scroll would bring in).
                for line in app.composed(columns: width, rows: 24) + app.composed(columns: width, rows: 200) {
                    XCTAssertLessThanOrEqual(Style.width(line), width, "\(name): \(line)")
                }
                let frame = app.frame(columns: width, rows: 24)
                XCTAssertTrue(frame.joined(separator: "\n").contains(screen.keeps), "\(name) lost \(screen.keeps):\n\(frame.joined(separator: "\n"))")
            }
            for tab in app.tabs { _ = tab.finish() }
        }
    }

    /// Ticks the tabs, as frames would, until the screen at 120×24 shows what `ready` wants.
    private static func waitForDeals(_ app: AlmanacApp, until ready: (String) -> Bool) {
        _ = waitUntil(seconds: 20) {
            for tab in app.tabs { tab.tick() }
            return ready(app.frame(columns: 120, rows: 24).joined(separator: "\n"))
        }
    }
}
