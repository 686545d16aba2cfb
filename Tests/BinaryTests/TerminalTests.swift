import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TerminalKit
@testable import TestHarness

/// The program in a real terminal (tmux): the full-screen app's every tab, then `q` and SIGTERM
/// leave the terminal clean; narrow terminals cut nothing; a hostile place name is text in every
/// front end.
final class TerminalTests: XCTestCase {
    private let timestamp = #"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"#

    private func plain(_ text: String?) -> String {
        (text ?? "").replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    }

    /// `stty -a` with the window size left out (the test resizes the window on purpose).
    private func modes(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: #"rows \d+; columns \d+;"#, with: "", options: .regularExpression)
    }

    /// After the resize: the wide tab bar, and a table of dated rows that fills the taller window.
    private func assertResizedDeals(_ screen: String) {
        let resized = screen.components(separatedBy: "\n")
        XCTAssertTrue(resized.contains { $0.contains("1 Weather    2 Crypto") }, "the wide tab bar after the resize")
        let dated = resized.filter { $0.range(of: #"20\d\d-\d\d-\d\d \d\d:\d\d:\d\d"#, options: .regularExpression) != nil }
        XCTAssertGreaterThan(dated.count, 30, "the table fills the taller window")
    }

    func testEveryTabInATerminalThenQuitAndSIGTERMLeaveItClean() throws {
        try requireTmux()
        let home = try makeTemporaryFolder(self)
        let output = try runScript("app-in-tmux.sh", home: home)
        let screens = steps(output)
        XCTAssertEqual(screens.count, 15, output)
        XCTAssertTrue(plain(screens["weather"]).contains("1 Weather  2 Crypto  3 Fruit  4 Exams  5 Deals  6 Profile"), plain(screens["weather"]))
        XCTAssertTrue(plain(screens["weather"]).contains("No saved cities yet. Press + to add one"), plain(screens["weather"]))
        XCTAssertTrue(plain(screens["crypto"]).contains("BTC/USD   Bitcoin   91,234.50"), plain(screens["crypto"]))
        XCTAssertTrue(screens["crypto"]?.contains("\u{1B}[") ?? false, "colours reach the terminal")
        XCTAssertTrue(plain(screens["fruit"]).contains("Banana"), plain(screens["fruit"]))
        XCTAssertTrue(plain(screens["exam-bad-date"]).contains("\"2026-02-30 09:00\" is not a date and time"), plain(screens["exam-bad-date"]))
        XCTAssertTrue(plain(screens["exam-cancelled"]).contains("No pending exams"), "Esc saved nothing")
        XCTAssertTrue(plain(screens["deals"]).contains("Deals · sorted by Date modified"), plain(screens["deals"]))
        assertResizedDeals(plain(screens["deals-resized"]))
        XCTAssertTrue(plain(screens["profile"]).contains("Username  guest"), plain(screens["profile"]))
        XCTAssertTrue(plain(screens["quit"]).contains("EXIT=0"), plain(screens["quit"]))
        XCTAssertFalse(plain(screens["quit"]).contains("Weather"), "the alternate screen is gone after q")
        XCTAssertEqual(try modes(home.appendingPathComponent("stty-after-q.txt")), try modes(home.appendingPathComponent("stty-before-q.txt")))
        let bare = screens["no-colour"] ?? ""
        XCTAssertTrue(bare.contains("[1 Weather]"), "NO_COLOR: the shown tab in brackets: \(bare)")
        XCTAssertNil(bare.range(of: "\u{1B}\\[(1|7|3[0-9]|38;5;[0-9]+)m", options: .regularExpression), "NO_COLOR: no colour, bold or reverse")
        // At 80×24 a message longer than the line wraps below it, whole; `m` lists the session's messages.
        let status = plain(screens["status-long"]).components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // The status (its source, and "loading…" while a load is under way) then the note: longer than 80.
        let note = "Kraken unreachable; showing sample data recorded on 2026-11-20."
        let bottom = status.suffix(5).joined(separator: " ")
        XCTAssertTrue(bottom.contains(note), "the note whole, across lines: \(status.suffix(5))")
        XCTAssertTrue(status.suffix(5).allSatisfy { $0.count <= 80 })
        XCTAssertTrue(plain(screens["messages"]).contains("• " + note), plain(screens["messages"]))
        XCTAssertTrue(plain(screens["terminated"]).contains("EXIT=143"), plain(screens["terminated"]))
        XCTAssertEqual(
            try modes(home.appendingPathComponent("stty-after-term.txt")), try modes(home.appendingPathComponent("stty-before-term.txt")),
            "SIGTERM restores the terminal")
        XCTAssertTrue(plain(screens["dumb-ui"]).contains("needs a terminal that can move its cursor"), plain(screens["dumb-ui"]))
        XCTAssertTrue(plain(screens["dumb-ui"]).contains("EXIT=1"), plain(screens["dumb-ui"]))
        XCTAssertTrue(plain(screens["dumb"]).contains("Welcome to Almanac"), "TERM=dumb: the line menu: \(plain(screens["dumb"]))")
    }

    /// In a real terminal (tmux): the app at 60×20, then 80×24, then 60×20 again, and `deals
    /// top` at 40 columns: no line wider than the window, no sentence or number cut.
    func testInATerminalAt60x20And80x24NothingIsCut() throws {
        try requireTmux()
        let home = try makeTemporaryFolder(self)
        let screens = steps(try runScript("narrow-in-tmux.sh", home: home))
        XCTAssertEqual(screens.count, 5, "\(screens.keys)")
        for (name, screen) in screens {
            let limit = name.hasSuffix("40") ? 40 : name.hasSuffix("80") ? 80 : 60
            for line in screen.split(separator: "\n") { XCTAssertLessThanOrEqual(Style.width(String(line)), limit, "\(name): \(line)") }
            XCTAssertFalse(screen.contains("…"), "\(name): nothing cut: \(screen)")
        }
        let totals = screens["deals-60"]?.split(separator: "\n").first { $0.hasPrefix("bought") }.map(String.init) ?? ""
        XCTAssertNotNil(totals.range(of: #"^bought [\d,]+ in [\d,]+ deals( · sold [\d,]+ in [\d,]+)?$"#, options: .regularExpression), totals)
        for name in ["fruit-60", "fruit-back-60"] {
            let fruit = screens[name] ?? ""
            XCTAssertTrue(["Strawberry", "Pineapple", "Raspberry", "kcal", "Sugar g"].allSatisfy(fruit.contains), "\(name): \(fruit)")
        }
        XCTAssertTrue(screens["fruit-80"]?.contains("Genus") == true, screens["fruit-80"] ?? "")
        let top = screens["deals-top-40"] ?? ""
        XCTAssertEqual(top.split(separator: "\n").filter { $0.range(of: timestamp, options: .regularExpression) != nil }.count, 3, top)
        // The progress line is cleared once the stream ends: the table's heading says the count.
        XCTAssertTrue(top.contains("1,000 deals, sorted by") && !top.contains("Receiving deals") && !top.contains("\n#"), top)
        XCTAssertTrue(top.contains("EXIT=0"), top)
    }

    func testAHostilePlaceNameIsShownAsTextInEveryFrontEnd() throws {
        let body = #"{"results":[{"name":""# + HostileText.raw + #"","latitude":51.5,"longitude":-0.12,"country":"X","timezone":"Europe/London"}]}"#
        let geocoder = try LoopbackServer { _ in .json(body) }
        let home = try makeTemporaryFolder(self)
        let added = try runAlmanac(["weather", "add", "Evil"], home: home, environment: ["ALMANAC_OPENMETEO_GEOCODING_URL": geocoder.baseURL])
        XCTAssertEqual(added.status, 0, added.err)
        XCTAssertTrue(added.out.hasPrefix("Saved " + HostileText.shown), added.out)
        assertInertText(added.out + added.err, "weather add")
        let cities = try runAlmanac(["weather", "cities", "--offline"], home: home)
        XCTAssertTrue(cities.out.contains(HostileText.shown), cities.out)
        assertInertText(cities.out + cities.err, "weather cities")
        let json = try runAlmanac(["weather", "cities", "--offline", "--json"], home: home)
        XCTAssertTrue(json.out.contains("Evil␛]0;PWNED␇␛[2J"), "the provider's text is inert from the moment it is read: \(json.out)")
        assertInertText(json.out, "--json")
        let menu = try runAlmanac(
            ["menu"], home: home, environment: ["ALMANAC_OPENMETEO_GEOCODING_URL": geocoder.baseURL], stdin: "2\n8\nEvil\nquit\n")
        XCTAssertTrue(menu.out.contains(HostileText.shown + ", X is already saved."), menu.out)
        assertInertText(menu.out + menu.err, "menu")
        let screens = try runScript("hostile-in-tmux.sh", home: home)
        XCTAssertTrue(screens.contains("TITLE=almanac-test"), "the window title is the test's own: \(screens)")
        XCTAssertTrue(screens.contains("Evil␛]0;PWNED␇␛[2J"), screens)
    }
}
