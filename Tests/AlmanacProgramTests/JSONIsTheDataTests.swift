import AlmanacProviders
import Foundation
import XCTest

@testable import TestHarness
@testable import Weather

/// `--json` carries what the provider said, one document a run; a pair is what the user added;
/// a currency is taken only when prices can be had in it.
final class JSONIsTheDataTests: XCTestCase {
    private let offline = ["ALMANAC_TODAY": "2026-11-21", "ALMANAC_OFFLINE": "1"]

    private func object(_ result: RunResult) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], result.out + result.err)
    }

    /// A place's name is the provider's; what tells look-alikes apart is `qualifier`: the region,
    /// else the country, else the locality, and the coordinates only when those are all alike.
    func testLookAlikesAreToldApartByAFieldNotByTheirName() {
        let places = [
            City(name: "London", region: "England", country: "United Kingdom", latitude: 51.51, longitude: -0.13),
            City(name: "London", country: "Canada", latitude: 42.98, longitude: -81.23),
            City(name: "London", region: "Ohio", country: "United States", latitude: 39.89, longitude: -83.45),
            City(name: "Rue Dupuis, 14", region: "Quebec", country: "Canada", locality: "Gatineau", latitude: 45.47, longitude: -75.7),
            City(name: "Rue Dupuis, 14", region: "Quebec", country: "Canada", locality: "Hawkesbury", latitude: 45.31, longitude: -73.88),
            City(name: "Paris", region: "Texas", country: "United States", latitude: 33.66, longitude: -95.55),
            City(name: "Paris", region: "Texas", country: "United States", latitude: 31.0, longitude: -97.0),
        ]
        let told = City.distinguished(places)
        XCTAssertEqual(told.map(\.name), places.map(\.name), "names stay the provider's")
        XCTAssertEqual(told.map(\.qualifier), ["England", "Canada", "Ohio", "Gatineau", "Hawkesbury", "33.66°N 95.55°W", "31.00°N 97.00°W"])
        XCTAssertEqual(
            told.map(\.label),
            [
                "London, England, United Kingdom", "London, Canada", "London, Ohio, United States", "Rue Dupuis, 14, Gatineau, Quebec, Canada",
                "Rue Dupuis, 14, Hawkesbury, Quebec, Canada", "Paris (33.66°N 95.55°W), Texas, United States",
                "Paris (31.00°N 97.00°W), Texas, United States",
            ])
    }

    /// A place saved before `qualifier` existed carried it in its name; reading takes it out.
    func testAPlaceSavedWithItsQualifierInItsNameIsReadBackApart() throws {
        let decoder = JSONDecoder()
        let coordinates = try decoder.decode(City.self, from: Data(#"{"name":"Paris (33.66°N 95.55°W)","latitude":33.66,"longitude":-95.55}"#.utf8))
        XCTAssertEqual(coordinates.name, "Paris")
        XCTAssertEqual(coordinates.qualifier, "33.66°N 95.55°W")
        let region = try decoder.decode(
            City.self, from: Data(#"{"name":"Springfield, Missouri","region":"Missouri","latitude":37.2,"longitude":-93.3}"#.utf8))
        XCTAssertEqual(region.name, "Springfield")
        XCTAssertEqual(region.displayName, "Springfield, Missouri")
    }

    /// Several places are one document: `{"places": [...]}`; for waybar, one object.
    func testSeveralPlacesAreOneDocument() throws {
        let home = try makeTemporaryFolder(self)
        let reports = try object(try runAlmanac(["weather", "Oslo", "Moscow", "--json"], home: home, environment: offline))
        let places = try XCTUnwrap(reports["places"] as? [[String: Any]])
        XCTAssertEqual(places.compactMap { ($0["city"] as? [String: Any])?["name"] as? String }, ["Oslo", "Moscow"])
        let lines = try object(try runAlmanac(["weather", "Oslo", "Moscow", "--format", "%l", "--json"], home: home, environment: offline))
        // Offline, each line's place came from the recorded place search: each carries the mark.
        XCTAssertEqual((lines["places"] as? [[String: Any]])?.compactMap { $0["text"] as? String }, ["Oslo (sample)", "Moscow (sample)"])
        let waybar = try runAlmanac(["weather", "Oslo", "Moscow", "--format", "%l", "--waybar"], home: home, environment: offline)
        XCTAssertEqual(waybar.out.filter { $0 == "\n" }.count, 1, "one object on one line: \(waybar.out)")
        XCTAssertEqual(try object(waybar)["text"] as? String, "Oslo (sample) · Moscow (sample)")
    }

    /// `crypto add eth/eur` shows ETH/EUR priced in euros, whatever the settings' currency.
    func testAPairIsWhatTheUserAdded() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try runAlmanac(["crypto", "add", "eth/eur"], home: home, environment: offline).out, "Added ETH/EUR (Ethereum).\n")
        let dollars = try runAlmanac(["crypto"], home: home, environment: offline)
        XCTAssertTrue(dollars.out.contains(" 7  ETH/EUR   Ethereum   2,678.24"), dollars.out)
        XCTAssertEqual(dollars.out.components(separatedBy: "ETH/USD").count, 2, "ETH/USD once, its own row: \(dollars.out)")
        XCTAssertEqual(try runAlmanac(["crypto", "settings", "--currency", "GBP"], home: home, environment: offline).status, 0)
        let pounds = try runAlmanac(["crypto", "--json"], home: home, environment: offline)
        let rows = try XCTUnwrap(try object(pounds)["rows"] as? [[String: Any]])
        let euro = try XCTUnwrap(rows.last)
        XCTAssertEqual(euro["symbol"] as? String, "ETH/EUR")
        XCTAssertEqual(euro["currency"] as? String, "EUR")
        XCTAssertNil(euro["quotedAs"])
        XCTAssertTrue(try runAlmanac(["crypto"], home: home, environment: offline).out.contains("2,678.24 EUR"), "its currency beside its price")
    }

    /// A currency no provider of the run can price is refused, naming those that work.
    func testACurrencyIsTakenOnlyWhenPricesCanBeHadInIt() throws {
        let home = try makeTemporaryFolder(self)
        assertOneLineError(
            try runAlmanac(["crypto", "settings", "--currency", "JPY"], home: home, environment: offline), status: 64,
            contains: "Kraken gives no USD/JPY rate this run, so no price could be shown in JPY; currencies that work: USD, EUR, GBP.")
        XCTAssertEqual(try object(try runAlmanac(["crypto", "settings", "--json"], home: home))["currency"] as? String, "USD", "nothing saved")
        assertOneLineError(
            try runAlmanac(["crypto", "settings", "--currency", "usdt"], home: home, environment: offline), status: 64,
            contains: "\"usdt\" is not a currency code (ISO 4217, such as USD, EUR or GBP).")
    }

    /// One precision for every price of the groups' table; Kraken's fractional amounts whole.
    func testFiguresShowThePrecisionTheyNeed() throws {
        let home = try makeTemporaryFolder(self)
        let groups = try runAlmanac(["deals", "group", "--count", "500", "--instrument", "EUR/USD_TOD"], home: home, environment: offline)
        let row = try XCTUnwrap(groups.out.split(separator: "\n").first { $0.hasPrefix("EUR/USD_TOD") }.map(String.init))
        let prices = row.split(separator: " ").filter { $0.contains(".") && !$0.hasSuffix("%") }
        XCTAssertEqual(prices.count, 4, row)
        XCTAssertTrue(prices.allSatisfy { $0.split(separator: ".").last?.count == 5 }, "average, low, high, last alike: \(row)")
        let kraken = try runAlmanac(["deals", "top", "--source", "kraken:BTC/USD", "--limit", "1"], home: home, environment: offline)
        let totals = try XCTUnwrap(kraken.out.split(separator: "\n").first { $0.hasPrefix("bought ") })
        XCTAssertTrue(totals.hasPrefix("bought 42.93220316 in 437 deals · sold 48.46427218 in 458"), String(totals))
    }
}
