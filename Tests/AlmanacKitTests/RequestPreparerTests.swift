import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacKit
@testable import AlmanacProviders

final class RequestPreparerTests: XCTestCase {
    func testBasePathPrefixIsKept() throws {
        let descriptor = RequestDescriptor(provider: .twelveData, name: "td", path: "/time_series", ttl: 1)
        for base in ["http://127.0.0.1:8080/twelvedata", "http://127.0.0.1:8080/twelvedata/"] {
            let prepared = try RequestPreparer.prepare(descriptor, baseURL: base, key: nil)
            XCTAssertEqual(prepared.url, "http://127.0.0.1:8080/twelvedata/time_series")
        }
    }

    func testQueryEncodingOfNonASCIIAndReservedCharacters() throws {
        let descriptor = RequestDescriptor(
            provider: .yandexGeocoder, name: "geo", path: "/1.x/",
            query: [QueryItem("geocode", "São Paulo"), QueryItem("b", "New York & Co"), QueryItem("c", "Москва"), QueryItem("d", "a+b=c/d?")],
            ttl: 1)
        let prepared = try RequestPreparer.prepare(descriptor, baseURL: "https://geocode-maps.yandex.ru", key: nil)
        XCTAssertEqual(
            prepared.url,
            "https://geocode-maps.yandex.ru/1.x/?geocode=S%C3%A3o%20Paulo&b=New%20York%20%26%20Co"
                + "&c=%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0&d=a%2Bb%3Dc%2Fd%3F")
    }

    func testQueryKeyIsRedacted() throws {
        let descriptor = RequestDescriptor(provider: .openWeather, name: "ow", path: "/data/2.5/weather", query: [QueryItem("lat", "1")], ttl: 1)
        let prepared = try RequestPreparer.prepare(descriptor, baseURL: "https://api.openweathermap.org", key: "SECRETKEY123")
        XCTAssertEqual(prepared.url, "https://api.openweathermap.org/data/2.5/weather?lat=1&appid=SECRETKEY123")
        XCTAssertEqual(prepared.redactedURL, "https://api.openweathermap.org/data/2.5/weather?lat=1&appid=***")
        XCTAssertEqual(prepared.displayTarget, "api.openweathermap.org/data/2.5/weather?lat=1&appid=***")
        XCTAssertFalse(descriptor.identity.contains("SECRET"))
    }

    func testHeaderKeyForTwelveData() throws {
        let descriptor = RequestDescriptor(provider: .twelveData, name: "td", path: "/price", query: [QueryItem("symbol", "BTC/USD")], ttl: 1)
        let prepared = try RequestPreparer.prepare(descriptor, baseURL: "https://api.twelvedata.com", key: "TDKEY999")
        XCTAssertEqual(prepared.url, "https://api.twelvedata.com/price?symbol=BTC%2FUSD")
        XCTAssertEqual(prepared.headers.first { $0.name == "Authorization" }?.value, "apikey TDKEY999")
        XCTAssertFalse(prepared.redactedURL.contains("TDKEY999"))
    }

    func testPlainHTTPOnlyToLoopback() throws {
        let descriptor = RequestDescriptor(provider: .fruityvice, name: "f", path: "/api/fruit/all", ttl: 1)
        XCTAssertThrowsError(try RequestPreparer.prepare(descriptor, baseURL: "http://example.com", key: nil)) { error in
            XCTAssertEqual(error as? RequestError, .insecureURL(host: "example.com", variable: "ALMANAC_FRUITYVICE_URL"))
        }
        var options = TransportOptions()
        options.allowInsecureHTTP = true
        XCTAssertNoThrow(try RequestPreparer.prepare(descriptor, baseURL: "http://example.com", key: nil, options: options))
        XCTAssertNoThrow(try RequestPreparer.prepare(descriptor, baseURL: "http://localhost:9/x", key: nil))
        XCTAssertThrowsError(try RequestPreparer.prepare(descriptor, baseURL: "ftp://127.0.0.1", key: nil))
    }

    func testIdentityIsStableAndSorted() {
        let a = RequestDescriptor(provider: .openWeather, name: "x", path: "/p", query: [QueryItem("b", "2"), QueryItem("a", "1")], ttl: 1)
        let b = RequestDescriptor(
            provider: .openWeather, name: "x", path: "/p", query: [QueryItem("a", "1"), QueryItem("b", "2"), QueryItem("appid", "k")], ttl: 1)
        XCTAssertEqual(a.identity, "openweather GET /p?a=1&b=2")
        XCTAssertEqual(a.identity, b.identity)
    }

    func testRedactorScrubsKeysAndParameters() {
        let text = "failed GET https://x/y?apikey=abc123&appid=zzzz and SECRETVALUE"
        XCTAssertEqual(Redactor.scrub(text, secrets: ["SECRETVALUE"]), "failed GET https://x/y?apikey=***&appid=*** and ***")
    }

    /// Query values are encoded but for the unreserved characters; fixture paths decode back.
    func testPercentCoding() {
        XCTAssertEqual(URLParts.encode("São Paulo"), "S%C3%A3o%20Paulo")
        XCTAssertEqual(URLParts.encode("BTC/USD"), "BTC%2FUSD")
        XCTAssertEqual(URLParts.encode("a+b=c&d~_-."), "a%2Bb%3Dc%26d~_-.")
        XCTAssertEqual(URLParts.decode("Horned%20Melon"), "Horned Melon")
        XCTAssertEqual(URLParts.decode("a+b"), "a+b")
        XCTAssertNil(URLParts.decode("%zz"))
    }
}

final class ConfigurationTests: XCTestCase {
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
