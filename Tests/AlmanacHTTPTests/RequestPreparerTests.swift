import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
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
