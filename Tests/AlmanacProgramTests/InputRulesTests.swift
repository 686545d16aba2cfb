import AlmanacCore
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// One rule for each kind of input, the same in every command: numbers with their ranges
/// (negative ones read as numbers), date words, coordinates, command names.
final class InputRulesTests: XCTestCase {
    private let today = ["ALMANAC_TODAY": "2026-11-21"]

    func testEachRuleRefusesWithItsRangeAndExit64() throws {
        let home = try makeTemporaryFolder(self)
        let cases: [([String], String)] = [
            (["weather", "forecast", "Moscow", "--days", "-1"], "--days must be from 1 to 25, not -1."),
            (["weather", "hourly", "Moscow", "--hours", "-3"], "--hours must be from 1 to 48, not -3."),
            (["weather", "forecast", "Moscow", "--timeout", "-5"], "--timeout must be more than 0 and at most 600 seconds, not -5."),
            (["weather", "forecast", "Moscow", "--timeout", "0"], "--timeout must be more than 0 and at most 600 seconds, not 0."),
            (["crypto", "portfolio", "add", "ETH", "-1"], "The amount must be more than 0, not -1."),
            (["weather", "add", "91,0"], "\"91,0\" is no place: a latitude is from -90 to 90 and a longitude from -180 to 180"),
            (["weather", "now", "45,200"], "\"45,200\" is no place"),
            (["weather", "day", "Oslo", "--date", "someday"], "--date must be a real date as YYYY-MM-DD, today, tomorrow or yesterday"),
            (["help", "nosuch"], "no such command: nosuch; see almanac --help."),
            (["wether"], "no such command: wether; did you mean weather?"),
            // At any depth, and a question never ends "?.".
            (["help", "weather", "nosuch"], "no such command: weather nosuch; see almanac weather --help."),
            (["crypto", "histroy"], "no such command: crypto histroy; did you mean history?"),
            (["deals", "tpo"], "no such command: deals tpo; did you mean top?"),
            (["weather", "forcast", "Oslo", "--offline"], "no such command: weather forcast; did you mean forecast?"),
            // Two letters swapped are one slip; a hint with arguments after the word too.
            (["weather", "warnigns", "Oslo", "--offline"], "no such command: weather warnigns; did you mean warnings?"),
            (["weather", "settigns", "--offline"], "no such command: weather settigns; did you mean settings?"),
            (["crypto", "histry", "BTC"], "no such command: crypto histry; did you mean history?"),
            (["exams", "cancle", "1"], "no such command: exams cancle; see almanac exams --help."),
            (["line", "%y %k", "--pair", ""], "--pair is empty; name a pair on the watchlist"),
            (["line", "%t", "--place", " "], "--place is empty; name a place"),
            (["line", "%y %k", "--pair", "LTC", "--offline"], "LTC/USD is not on the watchlist; add it with: almanac crypto add LTC/USD"),
            (["line", "%y %k", "--pair", "NOPE", "--offline"], "No crypto pair matches \"NOPE\""),
            (["weather", "settings", "--lang", "xx"], "--lang must be a language the providers offer, such as en, de, fr, ru or pt_BR"),
        ]
        for (arguments, text) in cases {
            let result = try runAlmanac(arguments, home: home, environment: today)
            assertOneLineError(result, status: 64, contains: text)
            XCTAssertFalse(result.err.contains("?."), result.err)
        }
    }

    /// A short place near a subcommand is a place: offline it is answered as one (not covered).
    func testAPlaceNearASubcommandIsAPlace() throws {
        let home = try makeTemporaryFolder(self)
        let dax = try runAlmanac(["weather", "Dax", "--offline"], home: home, environment: today)
        assertOneLineError(dax, status: 69, contains: "The sample data covers")
        // After `now` or `--` a word is a place, whatever it is near (Lista, a district in Norway).
        for arguments in [["weather", "now", "Lista", "--offline"], ["weather", "--offline", "--", "Lista"]] {
            assertOneLineError(try runAlmanac(arguments, home: home, environment: today), status: 69, contains: "The sample data covers")
        }
    }

    /// The one table of bad inputs: the command line and the menu refuse each with the same
    /// rule in the same words (the app's forms: `InputFormTests`).
    func testTheCommandLineAndTheMenuKeepTheSameRules() throws {
        let home = try makeTemporaryFolder(self)
        for input in InputCase.table {
            let command = try runAlmanac(input.command, home: home, environment: today)
            assertOneLineError(command, status: 64, contains: input.rule)
            guard let keys = input.menu else { continue }
            let menu = try runAlmanac(["menu"], home: home, environment: today, stdin: keys)
            XCTAssertEqual(menu.status, 0, "\(input.kind): \(menu.err)")
            XCTAssertTrue(menu.err.contains(input.rule), "\(input.kind): the menu says \(menu.err)")
        }
    }

    func testDateWordsAndTheVersionAsOtherToolsSpellThem() throws {
        let home = try makeTemporaryFolder(self)
        // On the sample data "today" is its recording day, whatever the clock says (here 21 Nov).
        let plain = try runAlmanac(["weather", "day", "Oslo"], home: home, environment: today)
        XCTAssertEqual(plain.status, 0, plain.err)
        XCTAssertTrue(plain.out.hasPrefix("Friday 20 November 2026 — Oslo"), "the recording's day by default: \(plain.out)")
        let tomorrow = try runAlmanac(["weather", "day", "Oslo", "--date", "tomorrow"], home: home, environment: today)
        XCTAssertTrue(tomorrow.out.hasPrefix("Saturday 21 November 2026 — Oslo"), tomorrow.out + tomorrow.err)
        let later = try runAlmanac(["weather", "day", "Oslo"], home: home, environment: ["ALMANAC_TODAY": "2026-12-30"])
        XCTAssertTrue(later.out.hasPrefix("Friday 20 November 2026 — Oslo"), "any date: \(later.out)\(later.err)")
        for spelling in [["-V"], ["version"], ["--version"]] {
            let version = try runAlmanac(spelling, home: home)
            XCTAssertEqual(version.status, 0, "\(spelling)")
            XCTAssertTrue(version.out.hasPrefix(AlmanacVersion.current), "\(spelling): \(version.out)")
        }
    }

    /// A keyed provider chosen without its key is accepted, and said at that moment.
    func testChoosingAKeyedProviderWithoutItsKeySaysSoOnce() throws {
        let home = try makeTemporaryFolder(self)
        let chosen = try runAlmanac(["weather", "settings", "--provider", "openweather"], home: home)
        XCTAssertEqual(chosen.status, 0, chosen.err)
        XCTAssertEqual(chosen.err, "note: OpenWeatherMap answers only once OPENWEATHER_API_KEY is set; until then, its sample data.\n")
        let keyed = try runAlmanac(["weather", "settings", "--provider", "openweather"], home: home, environment: ["OPENWEATHER_API_KEY": "OW-1"])
        XCTAssertEqual(keyed.err, "")
    }

    /// Help promises only what the views show: feels-like and the moon are computed for MET
    /// Norway's answers; the UV index comes from Open-Meteo where the forecast has none.
    func testHelpPromisesOnlyWhatTheViewsShow() throws {
        let home = try makeTemporaryFolder(self)
        let day = try runAlmanac(["weather", "day", "Oslo", "--date", "tomorrow"], home: home, environment: today)
        XCTAssertTrue(day.out.contains("\nFeels like ") && day.out.contains("\nMoon              Waxing gibbous"), day.out)
        XCTAssertFalse(day.out.contains("  —"), "no field shown as a dash: \(day.out)")
        let hourly = try runAlmanac(["weather", "hourly", "Oslo", "--hours", "2"], home: home, environment: today)
        XCTAssertTrue(hourly.out.contains("Time              Temp  Feels  Amount"), hourly.out)
        let help = try runAlmanac(["help", "weather", "day"], home: home)
        XCTAssertTrue(help.out.replacingOccurrences(of: "\n", with: " ").contains("the UV index, the sun, the moon's rise, set and phase"), help.out)
        XCTAssertTrue(day.out.contains("\nUV index ") && day.out.contains("\nMoonrise / set "), day.out)
    }
}
