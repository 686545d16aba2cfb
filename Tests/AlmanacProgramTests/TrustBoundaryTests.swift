import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// A folder's `.env` cannot say where requests go, and provider text is drawn as text
/// (docs/architecture.md §2 and §7).
final class TrustBoundaryTests: XCTestCase {
    // MARK: - Where settings come from

    func testADotEnvCannotRedirectRequestsButMayHoldKeys() throws {
        let home = try makeTemporaryFolder(self)
        let work = try makeTemporaryFolder(self)
        try
            ".env here\nALMANAC_TWELVEDATA_URL=https://attacker.example\nALMANAC_ALLOW_INSECURE_HTTP=1\nhttps_proxy=http://p:1\nTWELVEDATA_API_KEY=from-dotenv\n"
            .write(to: work.appendingPathComponent(".env"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config"), withIntermediateDirectories: true)
        try "ALMANAC_TWELVEDATA_URL=https://own.example\n".write(
            to: home.appendingPathComponent("config/config.env"), atomically: true, encoding: .utf8)
        let environment = Environment.load(process: ["ALMANAC_HOME": home.path], currentDirectory: work.path)
        XCTAssertEqual(environment["ALMANAC_TWELVEDATA_URL"], "https://own.example")
        XCTAssertEqual(environment.origins["ALMANAC_TWELVEDATA_URL"], .configFile)
        XCTAssertNil(environment["ALMANAC_ALLOW_INSECURE_HTTP"])
        XCTAssertEqual(environment["TWELVEDATA_API_KEY"], "from-dotenv")
        XCTAssertEqual(environment.origins["TWELVEDATA_API_KEY"], .dotEnv)
        XCTAssertEqual(environment.ignoredFromDotEnv, ["ALMANAC_ALLOW_INSECURE_HTTP", "ALMANAC_TWELVEDATA_URL", "https_proxy"])
        XCTAssertEqual(
            environment.dotEnvWarning,
            work.path + "/.env set ALMANAC_ALLOW_INSECURE_HTTP, ALMANAC_TWELVEDATA_URL, https_proxy; ignored: where requests go, "
                + "how they are protected and where your data is kept come only from the environment or your config file.")
    }

    /// A folder's `.env` cannot move the user's data, nor choose which "sample data" answers.
    func testADotEnvCannotMoveTheDataOrTheSampleData() throws {
        let home = try makeTemporaryFolder(self)
        let work = try makeTemporaryFolder(self)
        let elsewhere = work.appendingPathComponent("elsewhere").path
        try """
        ALMANAC_HOME=\(elsewhere)
        XDG_DATA_HOME=\(elsewhere)/data
        XDG_CONFIG_HOME=\(elsewhere)/config
        XDG_CACHE_HOME=\(elsewhere)/cache
        XDG_STATE_HOME=\(elsewhere)/state
        ALMANAC_FIXTURES=\(elsewhere)/fixtures
        ALMANAC_FIXTURES_DIR=\(elsewhere)/fixtures
        """.write(to: work.appendingPathComponent(".env"), atomically: true, encoding: .utf8)
        let environment = Environment.load(process: ["ALMANAC_HOME": home.path], currentDirectory: work.path)
        XCTAssertEqual(environment["ALMANAC_HOME"], home.path)
        for name in ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "ALMANAC_FIXTURES", "ALMANAC_FIXTURES_DIR"] {
            XCTAssertNil(environment[name], name)
        }
        XCTAssertEqual(environment.ignoredFromDotEnv.count, 7, "\(environment.ignoredFromDotEnv)")
        // End to end: the exam is written under the user's home, and the warning names the variables.
        let added = try runAlmanac(["exams", "add", "Physics", "--date", "2026-12-03 09:30"], home: home, directory: work)
        XCTAssertEqual(added.status, 0, added.err)
        XCTAssertTrue(added.err.contains("ALMANAC_FIXTURES, ALMANAC_FIXTURES_DIR, ALMANAC_HOME"), added.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.appendingPathComponent("data/exams.json").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: elsewhere))
    }

    func testTheExampleFileCopiedAsDotEnvGivesNoWarning() throws {
        let work = try makeTemporaryFolder(self)
        let example = repositoryFixtures.deletingLastPathComponent().appendingPathComponent(".env.example")
        try FileManager.default.copyItem(at: example, to: work.appendingPathComponent(".env"))
        let environment = Environment.load(process: ["ALMANAC_HOME": work.path], currentDirectory: work.path)
        XCTAssertNil(environment.dotEnvWarning, "README's `cp .env.example .env` keeps working quietly")
        XCTAssertEqual(environment["TWELVEDATA_CREDITS_PER_MINUTE"], "8")
    }

    /// `.env.example` names every provider's base-URL and key variable (it lacked Kraken's).
    func testTheExampleFileNamesEveryProvidersVariables() throws {
        let example = repositoryFixtures.deletingLastPathComponent().appendingPathComponent(".env.example")
        let text = try String(contentsOf: example, encoding: .utf8)
        for provider in Provider.allCases {
            XCTAssertTrue(text.contains(provider.urlVariable + "="), provider.urlVariable)
            if let key = provider.keyVariable { XCTAssertTrue(text.contains(key + "="), key) }
        }
    }

    func testADotEnvCannotChooseTheConfigFile() throws {
        let home = try makeTemporaryFolder(self)
        let work = try makeTemporaryFolder(self)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("evil/config"), withIntermediateDirectories: true)
        try "ALMANAC_TWELVEDATA_URL=https://attacker.example\n".write(
            to: work.appendingPathComponent("evil/config/config.env"), atomically: true, encoding: .utf8)
        try "ALMANAC_HOME=\(work.path)/evil\n".write(to: work.appendingPathComponent(".env"), atomically: true, encoding: .utf8)
        let environment = Environment.load(process: ["ALMANAC_HOME": home.path], currentDirectory: work.path)
        XCTAssertNil(environment["ALMANAC_TWELVEDATA_URL"])
    }

    func testAKeyIsNeverSentWhereAFoldersDotEnvPoints() throws {
        let attacker = try LoopbackServer { _ in .json("{}") }
        let own = try LoopbackServer { _ in .json(#"{"code":500,"message":"test server","status":"error"}"#) }
        let home = try makeTemporaryFolder(self)
        let work = try makeTemporaryFolder(self)
        try "ALMANAC_TWELVEDATA_URL=\(attacker.baseURL)\nALMANAC_USER_AGENT=evil\n".write(
            to: work.appendingPathComponent(".env"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config"), withIntermediateDirectories: true)
        try "ALMANAC_TWELVEDATA_URL=\(own.baseURL)\n".write(to: home.appendingPathComponent("config/config.env"), atomically: true, encoding: .utf8)
        let environment = ["TWELVEDATA_API_KEY": "TD-PROCESS-KEY"]
        let result = try runAlmanac(["crypto", "--refresh"], home: home, environment: environment, directory: work)
        XCTAssertEqual(attacker.receivedRequests.count, 0, "the key went where the folder said")
        XCTAssertGreaterThan(own.receivedRequests.count, 0, result.err)
        XCTAssertEqual(own.receivedRequests.first?.header("user-agent")?.hasPrefix("almanac/"), true)
        XCTAssertTrue(
            result.err.hasPrefix("warning: \(work.path)/.env set ALMANAC_TWELVEDATA_URL, ALMANAC_USER_AGENT; ignored: "), result.err)
        let doctor = try runAlmanac(["doctor"], home: home, environment: environment, directory: work)
        XCTAssertTrue(doctor.out.contains("  ALMANAC_TWELVEDATA_URL (config file)\n"), doctor.out)
        XCTAssertTrue(doctor.out.contains("  TWELVEDATA_API_KEY (environment)\n"), doctor.out)
        XCTAssertTrue(
            doctor.out.contains(
                "ignored from .env (request settings come only from the environment or config file): ALMANAC_TWELVEDATA_URL, ALMANAC_USER_AGENT"),
            doctor.out)
        XCTAssertFalse(doctor.out.contains("TD-PROCESS-KEY"))
    }

    // MARK: - Provider text is data

    func testHostileFruitDealAndErrorTextAreShownAsText() throws {
        let fruit =
            #"[{"name":"Kiwi\u001b]52;c;cHduZWQ=\u0007","id":1,"family":"F","order":"O","genus":"G","#
            + #""nutritions":{"calories":1,"fat":0,"sugar":1,"carbohydrates":1,"protein":0}}]"#
        let fruityvice = try LoopbackServer { _ in .json(fruit) }
        let home = try makeTemporaryFolder(self)
        let fruits = try runAlmanac(["fruit"], home: home, environment: ["ALMANAC_FRUITYVICE_URL": fruityvice.baseURL])
        XCTAssertEqual(fruits.status, 0, fruits.err)
        XCTAssertTrue(fruits.out.contains("Kiwi␛]52;c;cHduZWQ=␇"), fruits.out)
        assertInertText(fruits.out + fruits.err, "fruit")

        let deals = home.appendingPathComponent("deals.jsonl")
        try #"{"id":1,"dateModified":"2026-11-20T10:00:00Z","instrumentName":"EUR\u001b[2J\u0007","price":1.5,"amount":10,"side":"buy"}"#
            .appending("\n").write(to: deals, atomically: true, encoding: .utf8)
        let top = try runAlmanac(["deals", "top", "--source", deals.path], home: home)
        XCTAssertEqual(top.status, 0, top.err)
        XCTAssertTrue(top.out.contains("EUR␛[2J␇"), top.out)
        assertInertText(top.out + top.err, "deals top")

        let twelve = try LoopbackServer { _ in .json(#"{"code":400,"message":"bad symbol \u001b]0;PWNED\u0007","status":"error"}"#) }
        let environment = ["TWELVEDATA_API_KEY": "k", "ALMANAC_TWELVEDATA_URL": twelve.baseURL]
        let history = try runAlmanac(
            ["crypto", "history", "BTC", "--from", "2026-11-01", "--to", "2026-11-05"], home: home, environment: environment)
        XCTAssertNotEqual(history.status, 0)
        assertInertText(history.out + history.err, "a provider's error sentence")
    }

    /// A geocoder's place name carrying an escape never styles the terminal: not on the command
    /// line (colour on or off, stdout a file), not in `--json`, not in the menu.
    func testAnEscapeInAProvidersTextIsShownNeverObeyed() throws {
        let hostile = #"{"results":[{"name":"Red\u001b[31mTown","latitude":10.5,"longitude":20.5,"country":"X","timezone":"UTC"}]}"#
        let geocoder = try LoopbackServer { _ in .json(hostile) }
        let home = try makeTemporaryFolder(self)
        let environment = ["ALMANAC_OPENMETEO_GEOCODING_URL": geocoder.baseURL]
        for colour in [["NO_COLOR": "1"], ["FORCE_COLOR": "1"]] {
            for arguments in [["weather", "add", "Red"], ["weather", "cities"]] {
                let result = try runAlmanac(arguments, home: home, environment: environment.merging(colour) { _, new in new })
                XCTAssertFalse((result.out + result.err).contains("\u{1B}[31m"), "\(arguments) \(colour): \(result.out)")
                XCTAssertTrue(result.out.contains("Red␛[31mTown"), "\(arguments) \(colour): \(result.out)")
            }
        }
        // `--json` is data: the provider's exact text, its escape written as JSON's `\u001b`.
        let exact = try makeTemporaryFolder(self)
        XCTAssertEqual(try runAlmanac(["weather", "add", "Red", "--json"], home: exact, environment: environment).status, 0)
        let json = try runAlmanac(["weather", "cities", "--json"], home: exact)
        XCTAssertFalse((json.out + json.err).contains("\u{1B}"), json.out)
        XCTAssertTrue(json.out.contains(#"Red\u001b[31mTown"#), json.out + json.err)
        let text = try runAlmanac(["weather", "cities"], home: exact)
        XCTAssertFalse(text.out.contains("\u{1B}[31m"), text.out)
        XCTAssertTrue(text.out.contains("Red␛[31mTown"), "the same document, inert on a terminal: \(text.out)")
        let menu = try runAlmanac(["menu"], home: home, environment: environment, stdin: "2\n8\nRed\nquit\n")
        XCTAssertFalse((menu.out + menu.err).contains("\u{1B}[31m"), menu.out)
        XCTAssertTrue(menu.out.contains("Red␛[31mTown, X is already saved."), menu.out)
    }
}
