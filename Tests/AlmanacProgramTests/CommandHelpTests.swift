import Foundation
import XCTest

@testable import TestHarness

/// Each command's help lists only the options that can change what it does; every group with a
/// list answers `list` and `ls`.
final class CommandHelpTests: XCTestCase {
    static let localCommands: [[String]] = [
        ["exams", "pending"], ["exams", "passed"], ["exams", "add"], ["exams", "pass"], ["exams", "reschedule"], ["exams", "delete"],
        ["exams", "export"], ["profile", "show"], ["profile", "set-username"], ["weather", "cities"], ["weather", "remove"],
        ["weather", "default"], ["weather", "settings"], ["cache", "stats"], ["cache", "list"], ["cache", "clear"], ["cache", "prune"],
        ["fixtures", "index"], ["fruit", "log", "list"], ["fruit", "log", "remove"], ["crypto", "remove"],
    ]
    static let networkOptions = ["--offline", "--refresh", "--max-age", "--no-wait", "--timeout"]

    func testLocalOnlyCommandsListNoNetworkOptions() throws {
        let home = try makeTemporaryFolder(self)
        for command in Self.localCommands {
            let help = try runAlmanac(command + ["--help"], home: home)
            XCTAssertEqual(help.status, 0, "\(command): \(help.err)")
            XCTAssertTrue(help.out.contains("--json"), "\(command): \(help.out)")
            for option in Self.networkOptions { XCTAssertFalse(help.out.contains(option), "\(command) lists \(option)") }
        }
        let forecast = try runAlmanac(["weather", "forecast", "--help"], home: home)
        for option in Self.networkOptions where option != "--no-wait" {
            XCTAssertTrue(forecast.out.contains(option), "a command that reads a provider keeps \(option)")
        }
    }

    /// `--no-wait` is about Twelve Data's credits: only the commands that may wait for them list it.
    func testOnlyCommandsThatMayWaitForCreditsListNoWait() throws {
        let home = try makeTemporaryFolder(self)
        let waits = [["crypto", "history"], ["crypto", "portfolio", "list"], ["line"], ["menu"], ["ui"]]
        let never = [["weather", "hourly"], ["weather", "forecast"], ["deals", "top"], ["fruit", "list"], ["doctor"]]
        for command in waits + never {
            let help = try runAlmanac(command + ["--help"], home: home)
            XCTAssertEqual(help.status, 0, "\(command): \(help.err)")
            XCTAssertEqual(help.out.contains("--no-wait"), waits.contains(command), "\(command): \(help.out)")
        }
    }

    /// A session (the app, the menu, the deals browser) prints no document and gives each request
    /// its own time: its help lists neither `--json` nor `--timeout`.
    func testSessionsListNoJSONAndNoTimeout() throws {
        let home = try makeTemporaryFolder(self)
        for command in [["ui"], ["menu"], ["deals", "browse"]] {
            let help = try runAlmanac(command + ["--help"], home: home)
            XCTAssertEqual(help.status, 0, "\(command): \(help.err)")
            XCTAssertFalse(help.out.contains("--json"), "\(command): \(help.out)")
            XCTAssertFalse(help.out.contains("--timeout"), "\(command): \(help.out)")
            XCTAssertTrue(help.out.contains("--offline"), "\(command): \(help.out)")
        }
    }

    func testListAndLsInEveryGroupWithAList() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try runAlmanac(["weather", "add", "Oslo", "--offline"], home: home).status, 0)
        XCTAssertEqual(try runAlmanac(["exams", "add", "Algebra", "--date", "2030-01-10 09:00"], home: home).status, 0)
        XCTAssertEqual(try runAlmanac(["fruit", "eat", "banana", "--offline"], home: home).status, 0)
        let cities = try runAlmanac(["weather", "cities"], home: home).out
        for words in [["weather", "list"], ["weather", "ls"]] {
            let result = try runAlmanac(words, home: home)
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertEqual(result.out, cities, "\(words) lists the saved cities; it does not geocode the word")
        }
        let exams = try runAlmanac(["exams"], home: home).out
        XCTAssertEqual(try runAlmanac(["exams", "list"], home: home).out, exams)
        XCTAssertEqual(try runAlmanac(["exams", "ls"], home: home).out, exams)
        let log = try runAlmanac(["fruit", "log"], home: home).out
        XCTAssertTrue(log.contains("Banana"), log)
        XCTAssertEqual(try runAlmanac(["fruit", "log", "ls"], home: home).out, log)
        XCTAssertEqual(try runAlmanac(["fruit", "log", "list"], home: home).out, log)
        let watchlist = try runAlmanac(["crypto", "--offline"], home: home).out
        XCTAssertEqual(try runAlmanac(["crypto", "ls", "--offline"], home: home).out, watchlist)
    }

    /// The root help ends with where the guides are and the manual; a command's help does not.
    func testTheRootHelpEndsWithTheGuides() throws {
        let home = try makeTemporaryFolder(self)
        let guides =
            "Guides: the docs/ folder of the source (README.md lists them). "
            + "Every command and option: almanac help COMMAND, or man almanac once installed (make install).\n"
        for arguments in [["--help"], ["help"], []] {
            let help = try runAlmanac(arguments, home: home)
            XCTAssertEqual(help.status, 0, "\(arguments)")
            XCTAssertTrue(help.out.hasPrefix("OVERVIEW: ") && help.out.hasSuffix("\n\n" + guides), "\(arguments): \(help.out.suffix(200))")
        }
        XCTAssertFalse(try runAlmanac(["weather", "--help"], home: home).out.contains("Guides:"))
    }
}
