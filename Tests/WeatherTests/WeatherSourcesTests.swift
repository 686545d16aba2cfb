import AlmanacClient
import AlmanacCore
import AlmanacTestSupport
import Foundation
import XCTest

@testable import FrontKit
@testable import TestHarness

/// Which provider answers each weather capability, by keys and the saved choice; end to end
/// run in process against the loopback providers.
final class WeatherSourcesTests: XCTestCase {
    func testNoKeysGivesLiveWeatherForAnyRecordedPlaceFromTheKeylessProviders() throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let home = try makeTemporaryFolder(self)
        let environment = server.environment.merging(["ALMANAC_TODAY": "2026-11-20"]) { _, new in new }
        let result = try runAlmanac(["weather", "forecast", "Oslo"], home: home, environment: environment)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("7-day forecast — Oslo, Norway"), result.out)
        XCTAssertTrue(result.out.contains("Source: live · MET Norway Locationforecast · chance of precipitation from the GFS ensemble"), result.out)
        XCTAssertEqual(result.err, "", "no note: nothing is missing")
        let paths = server.requests.map(\.path)
        XCTAssertTrue(paths.contains("/openmeteo-geocoding/v1/search"), "\(paths)")
        XCTAssertTrue(paths.contains("/metno/weatherapi/locationforecast/2.0/compact"), "\(paths)")
        let outlook = try runAlmanac(["weather", "forecast", "Oslo", "--days", "25", "--json"], home: home, environment: environment)
        XCTAssertEqual(outlook.status, 0, outlook.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(outlook.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["model"] as? String, "ensemble")
        XCTAssertEqual(object["attribution"] as? [String], ["Weather data by Open-Meteo.com"])
        XCTAssertEqual((object["outlook"] as? [Any])?.count, (object["days"] as? [Any])?.count)
        XCTAssertTrue(server.requests.contains { $0.path == "/openmeteo-ensemble/v1/ensemble" && $0.queryValue("models") == "gfs05" })
    }

    func testAnOpenWeatherKeyStillWinsAndAYandexKeyOnlyGeocodes() throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let home = try makeTemporaryFolder(self)
        var keyed = server.environment
        keyed["OPENWEATHER_API_KEY"] = "OW-TEST-KEY-1"
        let openWeather = try runAlmanac(["weather", "forecast", "55.7558,37.6173"], home: home, environment: keyed)
        XCTAssertEqual(openWeather.status, 0, openWeather.err)
        XCTAssertTrue(openWeather.out.contains("Source: live · One Call 3.0"), openWeather.out)
        XCTAssertFalse(server.requests.contains { $0.path.hasPrefix("/metno") }, "existing users with keys see no change")

        var yandex = server.environment
        yandex["YANDEX_GEOCODER_API_KEY"] = "YA-TEST-KEY-1"
        let mixed = try runAlmanac(["weather", "forecast", "Moscow"], home: try makeTemporaryFolder(self), environment: yandex)
        XCTAssertEqual(mixed.status, 0, mixed.err)
        XCTAssertTrue(mixed.out.contains("MET Norway Locationforecast"), mixed.out)
        XCTAssertTrue(server.requests.contains { $0.path == "/yandex/1.x/" })
    }

    func testProviderMetWithKeysAndTheDoctorSaysWhy() throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let home = try makeTemporaryFolder(self)
        var keyed = server.environment
        keyed["OPENWEATHER_API_KEY"] = "OW-TEST-KEY-2"
        keyed["YANDEX_GEOCODER_API_KEY"] = "YA-TEST-KEY-2"
        XCTAssertEqual(try runAlmanac(["weather", "settings", "--provider", "met"], home: home).status, 0)
        let result = try runAlmanac(["weather", "Moscow"], home: home, environment: keyed)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("MET Norway Locationforecast"), result.out)
        XCTAssertFalse(server.requests.contains { $0.path.hasPrefix("/openweather") })
        let doctor = try runAlmanac(["doctor"], home: home, environment: keyed)
        XCTAssertTrue(doctor.out.contains("forecast: MET Norway, as chosen (weather settings --provider met)"), doctor.out)
        XCTAssertTrue(doctor.out.contains("places: Yandex Geocoder (YANDEX_GEOCODER_API_KEY is set)"), doctor.out)
        assertOneLineError(
            try runAlmanac(["weather", "settings", "--provider", "yr"], home: home), status: 64,
            contains: "--provider must be auto, met or openweather")
    }
}
