import AlmanacProviders
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import Fruit
@testable import Profile
@testable import TestHarness

/// The full-screen app in a real terminal (tmux): every tab, bad input, a resize, and a clean
/// terminal after `q` and after SIGTERM.
final class AppCommandTests: XCTestCase {
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

    func testPipedTheAppRefusesAndTheBareCommandPrintsHelp() throws {
        let home = try makeTemporaryFolder(self)
        let app = try runAlmanac(["ui"], home: home)
        XCTAssertEqual(app.status, 1)
        XCTAssertTrue(app.err.contains("The full-screen app needs a terminal"), app.err)
        let bare = try runAlmanac([], home: home)
        XCTAssertEqual(bare.status, 0)
        XCTAssertTrue(bare.out.contains("USAGE: almanac"), bare.out)
    }
}
