import AlmanacProviders
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import Crypto
@testable import Exams
@testable import Profile
@testable import TestHarness

/// Menu transcripts: piped input gives exact, colourless output; the end of input ends cleanly.
final class MenuSessionTests: XCTestCase {
    private func menu(_ input: String, home: URL) throws -> RunResult {
        try runAlmanac(["menu"], home: home, environment: ["ALMANAC_TODAY": "2026-11-21"], stdin: input)
    }

    private let welcome = """

        Welcome to Almanac, guest!
          1) Cryptocurrencies
          2) Weather
          3) Fruits
          4) Exams
          5) Deals
          6) Profile
          help · back · quit
        >
        """

    /// The Profile menu as printed, from its blank line to its prompt.
    private let profileMenu = """

        Profile
          1) Show username
          2) Edit username
          help · back · quit
        >
        """

    /// The welcome menu once the username is set, to its prompt.
    private var welcomeBack: String { String(welcome.dropFirst()).replacingOccurrences(of: "guest", with: "alice") }

    func testProfileEditTranscript() throws {
        let home = try makeTemporaryFolder(self)
        let result = try menu("6\n2\nx\nalice\n1\nback\nquit\n", home: home)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.out,
            [
                welcome, " 6\n", profileMenu,
                " 2\nNew username [guest]: x\nNew username [guest]: alice\nUsername set to alice.\n", profileMenu,
                " 1\nUsername: alice\n", profileMenu, " back\n\n", welcomeBack, " quit\n",
            ].joined())
        XCTAssertEqual(result.err, "A username is 3 to 32 characters: letters, digits, '.', '_' or '-', starting with a letter.\n")
        XCTAssertFalse(result.out.contains("\u{1B}["))
    }

    func testEndOfInputAndBackFromWelcomeEndCleanly() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try menu("", home: home).status, 0)
        let back = try menu("back\n", home: home)
        XCTAssertEqual(back.status, 0)
        XCTAssertEqual(back.out, welcome + " back\n")
        let wrong = try menu("9\nhelp\n", home: home)
        XCTAssertEqual(wrong.err, "Choose 1 to 6, or help, back, quit.\n")
        XCTAssertTrue(wrong.out.hasPrefix(welcome + " 9\n> help\n"), wrong.out)
        // help explains each choice and names the command that does the same.
        XCTAssertTrue(wrong.out.contains("  1) Cryptocurrencies\n     Prices of your watchlist and their history (almanac crypto).\n"), wrong.out)
        XCTAssertTrue(wrong.out.contains("At any prompt: back returns here without changing anything, quit ends the session."), wrong.out)
    }

    /// Every section, bad input at every prompt: each is asked again with a reason in the menu's
    /// own words (never a flag or the program's name), and `back` leaves a prompt unchanged.
    func testEveryPromptReasksInPlainWordsAndBackChangesNothing() throws {
        let home = try makeTemporaryFolder(self)
        let walk = [
            "1", "2", "1", "2026-02-30", "2026-12-01", "2026-11-18", "2026-13-01", "2026-11-10", "", "back",  // crypto dates; blank end = today
            "1", "4", "nosuchcoin", "back", "back",
            "2", "9", "kelvin", "back", "back",  // weather settings
            "3", "1", "colour", "back", "3", "3", "Banana", "2026-02-30", "2030-01-01", "back", "back",  // fruit sort and day eaten
            "4", "3", "", "Physics", "2026-13-45 09:00", "back", "4", "x", "back", "back",  // exams
            "5", "2", "colour", "back", "back",  // deals column
            "6", "2", "x", "back", "back",  // profile name
            "quit",
        ]
        let result = try menu(walk.joined(separator: "\n") + "\n", home: home)
        XCTAssertEqual(result.status, 0, result.err)
        let reasons = result.err.split(separator: "\n").map(String.init)
        XCTAssertGreaterThanOrEqual(reasons.count, 12, result.err)
        for line in reasons {
            XCTAssertNil(line.range(of: #"--[a-z]"#, options: .regularExpression), line)
            XCTAssertFalse(line.hasPrefix("almanac"), line)
        }
        XCTAssertTrue(result.err.contains("The start date must be a real date as YYYY-MM-DD, today or yesterday, not"), result.err)
        XCTAssertTrue(result.err.contains("The start date 2026-12-01 is after today (2026-11-21)."), result.err)
        XCTAssertTrue(
            result.out.contains("BTC/USD — Bitcoin, 2026-11-18 to 2026-11-21") || result.out.contains("2026-11-18 to 2026-11-20"), result.out)
        // Nothing was changed by the prompts left with back.
        let profile = try runAlmanac(["profile", "--json"], home: home, environment: ["ALMANAC_TODAY": "2026-11-21"])
        XCTAssertTrue(profile.out.contains("guest"), profile.out)
        XCTAssertEqual(try runAlmanac(["exams", "--json"], home: home).out.contains("Physics"), false)
    }

    func testCryptoDetailsReasksInvalidDates() throws {
        let home = try makeTemporaryFolder(self)
        let result = try menu("1\n2\n1\n2026-13-01\n2026-11-18\n2026-11-30\n2026-11-19\nquit\n", home: home)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(
            result.err.contains("The start date must be a real date as YYYY-MM-DD, today or yesterday, not \"2026-13-01\"."), result.err)
        XCTAssertTrue(result.err.contains("The end date 2026-11-30 is after today (2026-11-21)."), result.err)
        XCTAssertTrue(
            result.out.contains(
                """
                BTC/USD — Bitcoin, 2026-11-18 to 2026-11-19

                Date                Close
                ──────────────  ─────────
                2026-11-18 Wed  86,306.12
                2026-11-19 Thu  87,566.23
                """), result.out)
    }

    func testExamsSectionAddAndPass() throws {
        let home = try makeTemporaryFolder(self)
        let result = try menu("4\n3\nAlgebra\n2026-12-01 10:00\n4\n1\n1\n2\nquit\n", home: home)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("Added exam 1: Algebra, 2026-12-01 10:00."), result.out)
        XCTAssertTrue(result.out.contains("Exam 1 passed."), result.out)
        XCTAssertTrue(result.out.contains(" 1  Algebra  Tue 1 Dec  10:00  ✓"), result.out)
    }

    func testDealsSection() throws {
        let home = try makeTemporaryFolder(self)
        let result = try menu("5\n2\nvolume\nprice\n3\n1\n4\nquit\n", home: home)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("Deals (sorted by price, ascending)"), result.out)
        XCTAssertTrue(result.out.contains("100,000 deals, sorted by price ascending"), result.out)
        XCTAssertTrue(result.err.contains("Type one of: date, instrument, price, amount, side."), result.err)
        XCTAssertTrue(result.err.contains("Browsing needs a terminal"), result.err)
    }

    /// The Weather menu offers rain, air quality and the warnings for the default city, shown as the commands
    /// show them.
    func testTheWeatherMenuShowsRainAirAndWarningsAsTheCommandsDo() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try runAlmanac(["weather", "add", "Oslo"], home: home).status, 0)
        let result = try menu("2\n5\n6\n7\nquit\n", home: home)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("Rain in the next two hours") && result.out.contains("Air quality now"), result.out)
        XCTAssertTrue(result.out.contains("Official warnings"), result.out)
        for command in [["weather", "rain"], ["weather", "air"], ["weather", "warnings"]] {
            let shown = try runAlmanac(command, home: home, environment: ["ALMANAC_TODAY": "2026-11-21"])
            XCTAssertEqual(shown.status, 0, shown.err)
            for line in shown.out.split(separator: "\n").prefix(3) {
                XCTAssertTrue(result.out.contains(line), "\(command): \(line)\n---\n\(result.out)")
            }
        }
    }

    func testWeatherSectionAddAndList() throws {
        let home = try makeTemporaryFolder(self)
        let result = try menu("2\n8\nSaint Petersburg\n2\n1\n2\nquit\n", home: home)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(
            result.out.contains("  1) Saint Petersburg, Russia (59.94°N 30.31°E)\n  2) St. Petersburg, Florida, United States (27.77°N 82.64°W)"),
            result.out)
        XCTAssertTrue(result.out.contains("Saved St. Petersburg, Florida, United States."), result.out)
        XCTAssertTrue(result.out.contains("  1) St. Petersburg "), result.out)
        XCTAssertTrue(result.out.contains("7-day forecast — St. Petersburg, Florida, United States"), result.out)
    }

    func testPortfolioAndAlertsScreens() throws {
        let home = try makeTemporaryFolder(self)
        // Crypto → Portfolio: add (a zero amount refused first), list, remove a lot that is not there
        // (then back out of the prompt and the screen); → Alerts: add (a bad direction refused
        // first), check twice, list.
        let input = "1\n5\n2\nBTC\n0\n0.5\n30000\n2026-11-15\n1\n3\n9\nback\nback\n6\n2\nBTC\nsideways\nabove\n90000\n5\n5\n1\nquit\n"
        let result = try runAlmanac(["menu"], home: home, environment: ["ALMANAC_TODAY": "2026-11-20"], stdin: input)
        XCTAssertEqual(result.status, 0, result.err)
        for expected in [
            "Portfolio", "Added lot 1: 0.5 BTC/USD bought 2026-11-15 for 30,000.00.", "+15,617.25", "Price alerts",
            "Added Alert 1: BTC/USD above 90,000.00 — armed.", "Alert 1: BTC/USD above 90,000.00 — 91,234.50 at", "No alert fired.",
        ] {
            XCTAssertTrue(result.out.contains(expected), "\(expected) in: \(result.out)")
        }
        XCTAssertTrue(result.err.contains("more than 0") || result.out.contains("more than 0"), "a zero amount is refused and asked again")
        XCTAssertTrue(result.err.contains("above or below") || result.out.contains("above or below, not"), "a bad direction is refused")
    }
}
