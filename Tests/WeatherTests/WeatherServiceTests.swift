import AlmanacClient
import AlmanacCore
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import FrontKit
@testable import TerminalKit
@testable import TestHarness
@testable import Weather

final class WeatherServiceTests: XCTestCase {
    private var capture: CapturedConsole!

    private func service(_ server: FixtureServer, keys: [String: String]) throws -> WeatherService {
        capture = CapturedConsole()
        let home = try makeTemporaryFolder(self)
        var variables = server.environment
        variables.merge(keys) { _, new in new }
        let configuration = makeConfiguration(home: home, variables)
        // The recordings' day, whatever today is: a 25-day outlook counts its days from it.
        let clock = ManualClock(sampleRecordingInstant)
        let context = AppContext(
            configuration: configuration, console: capture.console,
            client: makeClient(configuration, console: capture.console, clock: clock), clock: clock)
        return WeatherService(context: context)
    }

    private let bothKeys = ["OPENWEATHER_API_KEY": "ow-test-key-1", "YANDEX_GEOCODER_API_KEY": "ya-test-key-2"]

    func testLiveAddAndForecastThroughLoopbackProvider() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let weather = try service(server, keys: bothKeys)
        let (city, added) = try await weather.addCity("Oslo", pick: nil, chooser: nil)
        XCTAssertTrue(added)
        XCTAssertEqual(city.timeZoneIdentifier, "Europe/Oslo")
        XCTAssertEqual(city.latitude, 59.9139, accuracy: 1e-6)
        let report = try await weather.forecast(for: try await weather.resolve(nil, pick: nil, chooser: nil), days: 7)
        XCTAssertEqual(report.daily.count, 7)
        XCTAssertEqual(report.provenance.origin, .cache)  // the add fetched and cached the forecast
        let geocode = try XCTUnwrap(server.requests.first { $0.path.hasPrefix("/yandex") })
        XCTAssertEqual(geocode.queryValue("apikey"), "ya-test-key-2")
        XCTAssertEqual(geocode.queryValue("format"), "json")
        let onecall = try XCTUnwrap(server.requests.first { $0.path.hasSuffix("/onecall") })
        XCTAssertEqual(onecall.queryValue("lat"), "59.9139")
        XCTAssertEqual(onecall.queryValue("lon"), "10.7522")
        XCTAssertEqual(onecall.queryValue("units"), "metric")
    }

    func testOneCallWithoutSubscriptionFallsBackToFreePlan() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures) { _, request in
            request.path.hasSuffix("/onecall")
                ? .json(
                    "{\"cod\":401,\"message\":\"Please note that using One Call 3.0 requires a separate subscription to the One Call by Call plan.\"}",
                    status: 401)
                : nil
        }
        let weather = try service(server, keys: bothKeys)
        let city = try await weather.resolve("Moscow", pick: nil, chooser: nil)
        let report = try await weather.forecast(for: city, days: 5)
        XCTAssertEqual(report.model, .free)
        XCTAssertEqual(report.daily.count, 5)
        XCTAssertEqual(report.city.timeZoneIdentifier, "Europe/Moscow", "Yandex sends no zone: Open-Meteo's for the place")
        XCTAssertTrue(capture.err.contains("no One Call 3.0 subscription"), capture.err)
    }

    func testClimateRefusedFallsBackToTheEnsembleOutlook() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures) { provider, _ in
            provider == .openWeatherPro
                ? .json(
                    "{\"cod\":401,\"message\":\"Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.\"}", status: 401)
                : nil
        }
        let weather = try service(server, keys: bothKeys)
        let city = try await weather.resolve("London", pick: nil, chooser: nil)
        let report = try await weather.forecast(for: city, days: 25)
        XCTAssertEqual(report.daily.count, 25, "the keyless ensemble outlook answers instead")
        XCTAssertEqual(report.model, .outlook)
        XCTAssertEqual(report.outlook?.count, 25)
        XCTAssertTrue(
            capture.err.contains("climate forecast is not in your key's plan; showing the keyless Open-Meteo ensemble outlook"), capture.err)
    }

    func testClimateForLongRange() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let weather = try service(server, keys: bothKeys)
        let report = try await weather.forecast(for: try await weather.resolve("Tehran", pick: nil, chooser: nil), days: 25)
        XCTAssertEqual(report.daily.count, 25)
        XCTAssertEqual(report.model, .climate)
        XCTAssertEqual(server.requests.first { $0.path.hasSuffix("/climate") }?.queryValue("cnt"), "25")
    }

    func testAmbiguousNameNeedsAPick() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let weather = try service(server, keys: bothKeys)
        do {
            _ = try await weather.resolve("Saint Petersburg", pick: nil, chooser: nil)
            XCTFail("expected a usage error")
        } catch let error as WeatherError {
            XCTAssertTrue(
                ErrorSentence.text(error, for: .commandLine).contains(
                    "1) Saint Petersburg, Russia (59.94°N 30.31°E); 2) St. Petersburg, Florida, United States (27.77°N 82.64°W)"),
                ErrorSentence.text(error, for: .commandLine))
        }
        let florida = try await weather.resolve("Saint Petersburg", pick: 2, chooser: nil)
        XCTAssertEqual(florida.region, "Florida")
        let chosen = try await weather.resolve("Saint Petersburg", pick: nil, chooser: { _ in 0 })
        XCTAssertEqual(chosen.country, "Russia")
        do {
            _ = try await weather.resolve("Saint Petersburg", pick: 3, chooser: nil)
            XCTFail("expected out of range")
        } catch let error as WeatherError {
            XCTAssertEqual(ErrorSentence.text(error, for: .commandLine), "There is no place 3: 2 places match \"Saint Petersburg\" (--pick 1 to 2).")
        }
    }

    func testOpenWeatherGeocoderWithoutYandexKey() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures) { provider, request in
            guard provider == .openWeather, request.path.hasSuffix("/geo/1.0/direct") else { return nil }
            XCTAssertEqual(request.queryValue("q"), "Bratislava")
            return .json("[{\"name\":\"Bratislava\",\"local_names\":{\"en\":\"Bratislava\"},\"lat\":48.1486,\"lon\":17.1077,\"country\":\"SK\"}]")
        }
        let weather = try service(server, keys: ["OPENWEATHER_API_KEY": "ow-only-key"])
        let city = try await weather.resolve("Bratislava", pick: nil, chooser: nil)
        XCTAssertEqual(city.countryCode, "SK")
        XCTAssertFalse(server.requests.contains { $0.path.hasPrefix("/yandex") })
    }

    func testSavedCitiesRemoveAndDefault() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let weather = try service(server, keys: bothKeys)
        _ = try await weather.addCity("Moscow", pick: nil, chooser: nil)
        _ = try await weather.addCity("London", pick: nil, chooser: nil)
        let again = try await weather.addCity("moscow", pick: nil, chooser: nil)
        XCTAssertFalse(again.added)
        XCTAssertEqual(try weather.document().defaultCity?.name, "Moscow")
        XCTAssertEqual(try weather.setDefault("2").name, "London")
        XCTAssertEqual(try weather.removeCity("london").name, "London")
        XCTAssertEqual(try weather.document().defaultCity?.name, "Moscow")
        XCTAssertThrowsError(try weather.removeCity("Paris")) { error in
            XCTAssertEqual(ErrorSentence.text(error, for: .commandLine), "No saved city \"Paris\". Saved: 1 Moscow.")
        }
    }

    func testDayOutsideForecastAndBadDate() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let weather = try service(server, keys: bothKeys)
        let city = try await weather.resolve("Oslo", pick: nil, chooser: nil)
        let (_, day) = try await weather.day(for: city, date: "2026-11-22")
        XCTAssertEqual(day.date, LocalDate("2026-11-22"))
        for (date, message) in [
            ("2026-12-30", "2026-12-30 is outside the forecast for Oslo: days from 2026-11-20 to 2026-11-27 are available."),
            ("2026-02-30", "--date must be a real date as YYYY-MM-DD, today, tomorrow or yesterday, not \"2026-02-30\"."),
        ] {
            do {
                _ = try await weather.day(for: city, date: date)
                XCTFail("expected \(date) to fail")
            } catch {
                XCTAssertEqual(ErrorSentence.text(error, for: .commandLine), message)
            }
        }
    }
}

final class OneCallRefusalTests: XCTestCase {
    func testARefusalIsRememberedForADayThenAskedAgain() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures) { _, request in
            request.path.hasSuffix("/onecall")
                ? .json("{\"cod\":401,\"message\":\"Please note that using One Call 3.0 requires a separate subscription.\"}", status: 401)
                : nil
        }
        let home = try makeTemporaryFolder(self)
        let clock = ManualClock(Date(timeIntervalSince1970: 1_795_000_000))
        let capture = CapturedConsole()
        var variables = server.environment
        variables.merge(["OPENWEATHER_API_KEY": "ow-refused-key-1", "YANDEX_GEOCODER_API_KEY": "ya-key-2"]) { _, new in new }
        let configuration = makeConfiguration(home: home, variables, refresh: true)
        func weather() -> WeatherService {
            WeatherService(
                context: AppContext(
                    configuration: configuration, console: capture.console,
                    client: makeClient(configuration, console: capture.console, clock: clock), clock: clock))
        }
        let city = City(name: "Moscow", latitude: 55.7558, longitude: 37.6173)
        let onecalls = { server.requests.filter { $0.path.hasSuffix("/onecall") }.count }
        let first = try await weather().report(for: city)
        XCTAssertEqual(first.model, .free)
        XCTAssertEqual(onecalls(), 1)
        let second = try await weather().report(for: city)
        XCTAssertEqual(second.model, .free)
        XCTAssertEqual(onecalls(), 1, "the refusal is remembered: no second failed request")
        XCTAssertFalse(allText(under: home).contains("ow-refused-key-1"), "the key is remembered only by a hash")
        clock.advance(by: OneCallRefusal.lifetime + 1)
        _ = try await weather().report(for: city)
        XCTAssertEqual(onecalls(), 2, "a day later it asks again")
    }
}
