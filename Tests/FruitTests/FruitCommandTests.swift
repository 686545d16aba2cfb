import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import Fruit
@testable import TerminalKit
@testable import TestHarness

final class FruitCommandTests: XCTestCase {
    private let offline = ["ALMANAC_OFFLINE": "1", "ALMANAC_TODAY": "2026-11-21"]

    func testShowFlagsHighSugarInTextAndJSON() throws {
        let home = try makeTemporaryFolder(self)
        let text = try runAlmanac(["fruit", "show", "banana"], home: home, environment: offline)
        XCTAssertEqual(text.status, 0, text.err)
        XCTAssertTrue(text.out.contains("Sugar          17.2 g  ⚠ high sugar (over 10 g)"), text.out)
        let json = try runAlmanac(["fruit", "show", "Banana", "--json"], home: home, environment: offline)
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        XCTAssertEqual(object?["highSugar"] as? Bool, true)
        let lemon = try runAlmanac(["fruit", "show", "lemon", "--json"], home: home, environment: offline)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(lemon.out.utf8)) as? [String: Any])?["highSugar"] as? Bool, false)
    }

    func testEatLogRemoveAcrossRuns() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(
            try runAlmanac(["fruit", "eat", "Banana", "--date", "2026-10-31", "--amount", "120"], home: home, environment: offline).out,
            "Logged #1: 120 g of Banana on Saturday 31 October 2026 (115 kcal).\n")
        _ = try runAlmanac(["fruit", "eat", "GreenApple", "--date", "2026-10-31"], home: home, environment: offline)
        let log = try runAlmanac(["fruit", "log", "--from", "2026-10-01"], home: home, environment: offline)
        XCTAssertEqual(
            log.out,
            """
            Saturday 31 October 2026
            #  Fruit       Grams  kcal  Fat  Sugar  Carbs  Protein
            ─  ──────────  ─────  ────  ───  ─────  ─────  ───────
            1  Banana        120   115  0.2   20.6   26.4      1.2
            2  GreenApple    100    21  0.1    6.4    3.1      0.4
               Total         220   136  0.3   27.0   29.5      1.6

            """)
        XCTAssertEqual(try runAlmanac(["fruit", "log", "remove", "1"], home: home, environment: offline).out, "Removed #1: Banana on 2026-10-31.\n")
        assertOneLineError(
            try runAlmanac(["fruit", "log", "remove", "1"], home: home, environment: offline), status: 64, contains: "No log entry 1.")
        assertOneLineError(
            try runAlmanac(["fruit", "eat", "Banana", "--date", "2026-11-22"], home: home, environment: offline), status: 64,
            contains: "in the future")
        assertOneLineError(
            try runAlmanac(["fruit", "list", "--sort", "colour"], home: home, environment: offline), status: 64, contains: "--sort must be")
        assertOneLineError(
            try runAlmanac(["fruit", "show", "Durain"], home: home, environment: offline), status: 64, contains: "Did you mean: Durian")
        // A negative amount is an amount, not an unknown option.
        assertOneLineError(
            try runAlmanac(["fruit", "eat", "Banana", "--amount", "-5"], home: home, environment: offline), status: 64,
            contains: "--amount must be more than 0 and at most 5000 grams, not -5.")
    }

    func testListByFamilyAgainstLoopbackServer() throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["fruit", "list", "--sort", "family"], home: home, environment: server.environment)
        XCTAssertEqual(result.status, 0, result.err)
        // One alignment across the groups: names padded to the longest, IDs right-aligned.
        let lines = result.out.components(separatedBy: "\n")
        XCTAssertEqual(lines[0], "Actinidiaceae (2)")
        XCTAssertNotNil(lines[1].range(of: #"^  Kiwi +#66$"#, options: .regularExpression), lines[1])
        let rows = lines.filter { $0.hasPrefix("  ") }
        XCTAssertEqual(Set(rows.map { Style.width($0) }).count, 1, "every row the same width: \(rows)")
        XCTAssertTrue(result.out.contains("Ebenaceae (2)\n  Japanese Persimmon"), result.out)
        XCTAssertTrue(result.out.contains("Source: live · 49 fruits"))
        XCTAssertEqual(server.requests.map(\.path), ["/fruityvice/api/fruit/all"])
    }

    func testFruitMenuSection() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["menu"], home: home, environment: offline, stdin: "3\n3\nbanana\n\n\n4\nquit\n")
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("Logged #1: Banana on Saturday 21 November 2026."), result.out)
        XCTAssertTrue(result.out.contains("1  Banana    100    96  0.2   17.2"), result.out)
    }
}
