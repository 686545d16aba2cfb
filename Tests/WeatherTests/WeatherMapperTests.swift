import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TerminalKit
@testable import TestHarness
@testable import Weather
@testable import WeatherFront

final class WeatherMapperTests: XCTestCase {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoding.decode(type, from: Data(json.utf8), endpoint: "test")
    }

    func testQuirksDecode() throws {
        let json = """
            {"lat":35.69,"lon":51.39,"timezone":"Asia/Tehran","timezone_offset":12600,
             "current":{"dt":1795165200,"temp":20,"weather":[{"id":500,"main":"Rain","description":"light rain"}],"rain":{"1h":0.4}},
             "hourly":[{"dt":1795165200,"temp":20,"pop":0.3,"snow":{"1h":1.5}}],
             "daily":[{"dt":1795165200,"moonrise":0,"temp":{"min":10,"max":21},"rain":2.5,"snow":0.5}]}
            """
        let dto = try decode(OpenWeatherDTO.OneCall.self, json)
        let provenance = Provenance(origin: .live, fetchedAt: Date(), stale: false)
        let report = WeatherMapper.report(dto, city: City(name: "Tehran", latitude: 35.69, longitude: 51.39), provenance: provenance)
        XCTAssertEqual(report.current?.temperature, 20)
        XCTAssertEqual(report.current?.precipitation, 0.4)
        XCTAssertNil(report.current?.visibility)
        XCTAssertNil(report.current?.windGust)
        XCTAssertEqual(report.current?.precipitationProbability, 0.3)
        XCTAssertEqual(report.hourly.first?.precipitation, 1.5)
        XCTAssertEqual(report.daily.first?.precipitation, 3.0)
        XCTAssertEqual(report.city.timeZoneIdentifier, "Asia/Tehran")
        // 1795165200 is 2026-11-20 09:00 UTC: 12:30 in Tehran.
        let format = WeatherFormat(settings: WeatherSettings(), timeZone: report.city.timeZone)
        XCTAssertEqual(format.time(report.current!.time), "12:30")
    }

    func testCodAsIntOrString() throws {
        XCTAssertEqual(try decode(OpenWeatherDTO.Forecast25.self, "{\"cod\":\"200\",\"list\":[]}").cod?.value, "200")
        XCTAssertEqual(try decode(OpenWeatherDTO.Current25.self, "{\"cod\":200}").cod?.value, "200")
    }

    func testMissingFieldsNameThePath() {
        XCTAssertThrowsError(try decode(OpenWeatherDTO.OneCall.self, "{\"daily\":[{\"temp\":{}}]}")) { error in
            XCTAssertEqual((error as? DecodingFailure)?.description, "test: missing key `daily.0.dt`")
        }
    }

    func testClimateUsesSpeedAndDeg() throws {
        let dto = try decode(OpenWeatherDTO.Climate.self, "{\"list\":[{\"dt\":1795165200,\"temp\":{\"min\":1,\"max\":4},\"speed\":5.5,\"deg\":270}]}")
        let days = WeatherMapper.climateDays(dto, city: City(name: "Oslo", latitude: 59.9, longitude: 10.7, timeZoneIdentifier: "Europe/Oslo"))
        XCTAssertEqual(days.first?.windSpeed, 5.5)
        XCTAssertEqual(days.first?.windDegrees, 270)
        XCTAssertEqual(days.first?.date, LocalDate("2026-11-20"))
    }

    func testFreePlanAggregatesThreeHourStepsIntoLocalDays() throws {
        // Steps at 21:00 and 00:00 UTC fall on different days in UTC but the same day at UTC+3 (00:00, 03:00).
        let json = """
            {"cod":"200","city":{"timezone":10800},"list":[
             {"dt":1795208400,"main":{"temp":-2,"humidity":80},"pop":0.2,"wind":{"speed":3}},
             {"dt":1795219200,"main":{"temp":-4,"humidity":90},"pop":0.6,"rain":{"3h":1.2},"wind":{"speed":6,"deg":90}}]}
            """
        let forecast = try decode(OpenWeatherDTO.Forecast25.self, json)
        let current = try decode(OpenWeatherDTO.Current25.self, "{\"main\":{\"temp\":-1},\"timezone\":10800}")
        let report = WeatherMapper.report(
            current: current, forecast: forecast, city: City(name: "Moscow", latitude: 55.75, longitude: 37.62),
            provenance: Provenance(origin: .live, fetchedAt: Date(), stale: false))
        XCTAssertEqual(report.daily.count, 1)
        XCTAssertEqual(report.daily[0].minimum, -4)
        XCTAssertEqual(report.daily[0].maximum, -2)
        XCTAssertEqual(report.daily[0].precipitationProbability, 0.6)
        XCTAssertEqual(report.daily[0].precipitation, 1.2)
        XCTAssertEqual(report.daily[0].windSpeed, 6)
        XCTAssertEqual(report.daily[0].humidity, 85)
        XCTAssertEqual(report.model, .free)
    }

    func testYandexPositionIsLongitudeFirst() throws {
        let position = try XCTUnwrap(YandexGeocoder.coordinates(fromPos: "37.617698 55.755864"))
        XCTAssertEqual(position.latitude, 55.755864)
        XCTAssertEqual(position.longitude, 37.617698)
        XCTAssertNil(YandexGeocoder.coordinates(fromPos: "37.6"))
        XCTAssertNil(YandexGeocoder.coordinates(fromPos: "200 10"))
    }

    func testUnitConversions() {
        XCTAssertEqual(WeatherFormat.convert(celsius: -40, to: .imperial), -40)
        XCTAssertEqual(WeatherFormat.convert(celsius: 100, to: .imperial), 212)
        XCTAssertEqual(WeatherFormat.convert(metresPerSecond: 10, to: .kmh), 36, accuracy: 1e-9)
        XCTAssertEqual(WeatherFormat.convert(metresPerSecond: 10, to: .mph), 22.369, accuracy: 1e-3)
        var settings = WeatherSettings()
        let metric = WeatherFormat(settings: settings, timeZone: .current)
        XCTAssertEqual(metric.temperature(-3.4), "−3°C")
        XCTAssertEqual(metric.wind(4.2), "4 m/s")
        settings.units = .imperial
        settings.wind = .mph
        settings.time = .h12
        let imperial = WeatherFormat(settings: settings, timeZone: TimeZone(identifier: "America/New_York")!)
        XCTAssertEqual(imperial.temperature(-3.4), "26°F")
        XCTAssertEqual(imperial.wind(4.2), "9 mph")
        XCTAssertEqual(imperial.time(Date(timeIntervalSince1970: 1_795_165_200)), "4:00 AM")
        XCTAssertEqual(WeatherFormat.compass(350), "N")
        XCTAssertEqual(WeatherFormat.compass(225), "SW")
    }

    func testStatusLine() {
        let format = WeatherFormat(settings: WeatherSettings(), timeZone: .current)
        let current = CurrentConditions(time: Date(), temperature: -3.2, description: "overcast", conditionID: 804, windSpeed: 4.1, precipitation: 0)
        XCTAssertEqual(format.statusLine(city: City(name: "Moscow", latitude: 0, longitude: 0), current: current), "Moscow −3°C ☁ 4 m/s")
    }
}

final class GeocoderChoicesTests: XCTestCase {
    func testSeveralObjectsOnOneStreetStaySeparateChoices() throws {
        let recording = try XCTUnwrap(Recording.load(repositoryFixtures.appendingPathComponent("yandex/geocode-lenina-street.json")))
        let root = try YandexGeocoder.geocode("ulitsa Lenina", lang: "en").decode(recording.body)
        let choices = PlaceCandidates.fromYandex(root)
        XCTAssertEqual(
            choices.map(\.label),
            [
                "ulitsa Lenina, 5, Ivanovo, Ivanovo Oblast, Russia", "ulitsa Lenina, 7, Ivanovo, Ivanovo Oblast, Russia",
                "ulitsa Lenina, Kineshma, Ivanovo Oblast, Russia", "ulitsa Lenina, Shuya, Ivanovo Oblast, Russia",
            ],
            "house numbers kept, each street with its own town, the repeated object dropped")
        XCTAssertEqual(choices.map(\.latitude), [56.997, 56.9981, 57.443, 56.851])
        XCTAssertEqual(choices.map(\.longitude), [40.981, 40.9823, 42.146, 41.389])
    }

    func testPickTakesTheNthObjectAsListed() throws {
        let home = try makeTemporaryFolder(self)
        // Live, on a loopback Yandex: the sample data offers only places it has forecasts for.
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let yandex = server.environment.merging(["YANDEX_GEOCODER_API_KEY": "YA-TEST-KEY"]) { _, new in new }
        let result = try runAlmanac(["weather", "add", "ulitsa Lenina", "--pick", "2"], home: home, environment: yandex)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "Saved ulitsa Lenina, 7, Ivanovo, Ivanovo Oblast, Russia (default).\n")
        let cities = try runAlmanac(["weather", "cities", "--json"], home: home)
        XCTAssertTrue(cities.out.contains("\"latitude\" : 56.9981") && cities.out.contains("\"longitude\" : 40.9823"), cities.out)
    }
}
