import AlmanacClient
import AlmanacHTTP
import AlmanacProviders
import Foundation
import XCTest

@testable import TestHarness

final class ConfigurationTests: XCTestCase {
    /// The keys scrubbed from an answer: its provider's own, and any other key long enough to be
    /// one — never a short word some other program keeps in a `…_API_KEY` variable.
    func testTheKeysToScrubAreKeysNotEveryWordInAKeyVariable() {
        let configuration = Configuration(
            environment: Environment([
                "OPENWEATHER_API_KEY": "ow-key", "TWELVEDATA_API_KEY": "td-0123456789abcdef", "SOME_TOOL_API_KEY": "true",
            ]))
        XCTAssertEqual(configuration.secrets(answering: .openWeather), ["ow-key", "td-0123456789abcdef"])
        XCTAssertEqual(configuration.secrets(answering: .metNorway), ["td-0123456789abcdef"], "a short key only from its own answers")
    }

    func testDotEnvParsing() {
        let parsed = DotEnv.parse(
            """
            # comment
            export A=1
            B="two words"
            C='x'
            D=            # empty with a comment
            E=value # trailing comment
            bad line
            """)
        XCTAssertEqual(parsed["A"], "1")
        XCTAssertEqual(parsed["B"], "two words")
        XCTAssertEqual(parsed["C"], "x")
        XCTAssertEqual(parsed["D"], "")
        XCTAssertEqual(parsed["E"], "value")
        XCTAssertEqual(parsed.count, 5)
    }

    func testPrecedenceEnvironmentOverDotEnvOverConfigFile() throws {
        let home = try makeTemporaryFolder(self)
        let work = try makeTemporaryFolder(self)
        try "ALMANAC_TODAY=2020-01-01\nTWELVEDATA_API_KEY=from-dotenv\n".write(
            to: work.appendingPathComponent(".env"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config"), withIntermediateDirectories: true)
        try "TWELVEDATA_API_KEY=from-config\nALMANAC_CACHE_MAX_MB=7\nALMANAC_TODAY=1999-01-01\n".write(
            to: home.appendingPathComponent("config/config.env"), atomically: true, encoding: .utf8)
        let environment = Environment.load(process: ["ALMANAC_HOME": home.path, "ALMANAC_TODAY": "2026-11-21"], currentDirectory: work.path)
        XCTAssertEqual(environment["ALMANAC_TODAY"], "2026-11-21")
        XCTAssertEqual(environment["TWELVEDATA_API_KEY"], "from-dotenv")
        XCTAssertEqual(environment["ALMANAC_CACHE_MAX_MB"], "7")
        XCTAssertEqual(Configuration(environment: environment).cacheLimitBytes, 7 * 1024 * 1024)
    }

    func testPathsFromHomeAndXDG() {
        let own = Paths.resolve(Environment(["ALMANAC_HOME": "/tmp/a"]))
        XCTAssertEqual(own.cache.path, "/tmp/a/cache")
        let xdg = Paths.resolve(Environment(["HOME": "/home/u", "XDG_CACHE_HOME": "/c"]))
        XCTAssertEqual(xdg.cache.path, "/c/almanac")
        XCTAssertEqual(xdg.data.path, "/home/u/.local/share/almanac")
        XCTAssertEqual(xdg.state.path, "/home/u/.local/state/almanac")
    }

    func testModes() {
        let configuration = Configuration(environment: Environment(["OPENWEATHER_API_KEY": "k"]))
        XCTAssertEqual(configuration.mode(for: .openWeather), .live)
        XCTAssertEqual(configuration.mode(for: .twelveData), .missingKey)
        XCTAssertEqual(configuration.mode(for: .fruityvice), .live)
        XCTAssertEqual(Configuration(environment: Environment(["ALMANAC_OFFLINE": "1"])).mode(for: .fruityvice), .offline)
    }

    func testLoopbackIsAnAddressNotAPrefix() throws {
        let local = [
            "http://127.0.0.1:8080/x", "http://localhost/x", "http://[::1]:9/x", "http://127.1.2.3/", "http://[::ffff:127.0.0.1]/",
            "HTTP://LOCALHOST/",
        ]
        for url in local { XCTAssertEqual(ParsedURL(url)?.isLoopback, true, url) }
        let remote = [
            "http://127.example.com/", "http://127.0.0.1.nip.io/", "http://127.0.0.1@evil.example/", "http://evil.example#@127.0.0.1/",
            "http://[::2]/", "http://128.0.0.1/", "http://localhost.evil.example/",
        ]
        for url in remote { XCTAssertNotEqual(ParsedURL(url)?.isLoopback, true, url) }
        XCTAssertEqual(ParsedURL("http://127.0.0.1@evil.example/")?.host, "evil.example", "the host curl connects to")
        XCTAssertEqual(ParsedURL("http://evil.example\\@127.0.0.1/")?.host, "127.0.0.1", "curl reads the backslash as user info: it connects here")
        let key = "OW-SECRET-KEY-000"
        for url in ["http://127.example.com", "http://127.0.0.1.nip.io", "http://127.0.0.1@evil.example"] {
            let descriptor = OpenWeather.current(latitude: 1, longitude: 2, lang: "en").descriptor
            XCTAssertThrowsError(try RequestPreparer.prepare(descriptor, baseURL: url, key: key), url) { error in
                guard case RequestError.insecureURL = error else { return XCTFail("\(url): \(error)") }
                XCTAssertFalse("\(error)".contains(key))
            }
        }
    }

    func testARefusedBaseURLIsAConfigurationErrorExit78() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(
            ["weather", "55.75,37.61"], home: home, environment: ["ALMANAC_METNO_URL": "http://127.example.com", "ALMANAC_OPENWEATHER_URL": "x"])
        assertOneLineError(result, status: 78, contains: "Refusing plain http:// to 127.example.com; use https in ALMANAC_METNO_URL")
    }
}
