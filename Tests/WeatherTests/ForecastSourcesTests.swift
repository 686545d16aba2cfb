import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation
import XCTest

@testable import TestHarness
@testable import Weather
@testable import WeatherFront

/// Who answers each weather capability, by the keys set and the saved choice, and the sentences
/// that name them asking it.
final class ForecastSourcesTests: XCTestCase {
    private func service(_ keys: [String: String], offline: Bool = false) throws -> WeatherService {
        let configuration = makeConfiguration(home: try makeTemporaryFolder(self), keys, offline: offline)
        let context = AppContext(configuration: configuration, console: .silent, client: makeClient(configuration, console: .silent))
        return WeatherService(context: context)
    }

    private func sources(_ keys: [String: String], choice: ForecastSources.Choice? = nil) throws -> ForecastSources {
        ForecastSources.resolve(makeConfiguration(home: try makeTemporaryFolder(self), keys), choice: choice)
    }

    func testChoiceByKeys() throws {
        let none = try sources([:])
        XCTAssertEqual([none.forecast, none.geocoder, none.outlook], ["metno", "openmeteo-geocoding", "openmeteo-ensemble"])
        let openWeather = try sources(["OPENWEATHER_API_KEY": "OW-1"])
        XCTAssertEqual([openWeather.forecast, openWeather.geocoder, openWeather.outlook], ["openweather", "openweather", "openweather-pro"])
        let yandex = try sources(["YANDEX_GEOCODER_API_KEY": "YA-1"])
        XCTAssertEqual([yandex.forecast, yandex.geocoder, yandex.outlook], ["metno", "yandex", "openmeteo-ensemble"])
        let pinned = try sources(["OPENWEATHER_API_KEY": "OW-1", "YANDEX_GEOCODER_API_KEY": "YA-1"], choice: .met)
        XCTAssertEqual([pinned.forecast, pinned.geocoder, pinned.outlook], ["metno", "yandex", "openmeteo-ensemble"])
        XCTAssertTrue(pinned.chosen, "pinned by the saved choice, not by the keys")
        XCTAssertFalse(none.chosen)
    }

    func testEachCapabilityHasOneProviderByTheKeysSet() throws {
        let names = { (sources: ForecastSources) in ForecastSources.Capability.allCases.map(sources.name) }
        XCTAssertEqual(names(try sources([:])), ["MET Norway", "Open-Meteo", "Open-Meteo", "MET Norway", "Open-Meteo"], "with no key")
        XCTAssertEqual(try sources([:]).providers(.rain), [.metNorway, .openMeteoForecast], "the radar first, Open-Meteo where it does not reach")
        XCTAssertTrue(try sources([:]).answering.isSuperset(of: [.openMeteoAir, .openMeteoForecast]))
        XCTAssertFalse(try sources([:]).answering.contains(.openWeather), "no key: OpenWeatherMap answers nothing")
        XCTAssertEqual(names(try sources(["OPENWEATHER_API_KEY": "OW"])).prefix(3), ["OpenWeatherMap", "OpenWeatherMap", "OpenWeatherMap"])
        XCTAssertEqual(try sources(["YANDEX_GEOCODER_API_KEY": "YA"]).name(.places), "Yandex Geocoder")
        XCTAssertFalse(try service([:]).onSampleData(.forecast), "the keyless forecast is live")
        XCTAssertTrue(try service([:], offline: true).onSampleData(.forecast))
    }

    /// A provider pinned in the settings with no key answers from the sample data; a settings
    /// document that cannot be read counts as `auto`.
    func testTheSavedChoiceIsReadAndAnUnreadableOneIsAuto() throws {
        let weather = try service([:])
        _ = try weather.updateSettings { $0.provider = .openweather }
        XCTAssertEqual(weather.runSources.forecast, "openweather")
        XCTAssertTrue(weather.onSampleData(.forecast), "pinned with no key: the sample data")
        let fresh = try service([:])
        try FileManager.default.createDirectory(at: fresh.store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"schema\":2,\"data\":{\"settings\":{\"prov".utf8).write(to: fresh.store.url)
        XCTAssertEqual(fresh.runSources, try sources([:]), "unreadable: auto")
    }

    func testTheFirstRunNamesWhoAnswersThisRun() throws {
        let keyless = WeatherFirstRun.greeting(try service([:]), width: 200)
        XCTAssertTrue(keyless.contains("forecasts come from MET Norway and place names from Open-Meteo; see almanac doctor.\n"), keyless)
        // At 60 columns the sentences wrap between words, every line within the width.
        let narrow = WeatherFirstRun.greeting(try service([:]), width: 60)
        XCTAssertTrue(narrow.split(separator: "\n").allSatisfy { $0.count <= 60 }, narrow)
        XCTAssertEqual(narrow.replacingOccurrences(of: "\n", with: " "), keyless.replacingOccurrences(of: "\n", with: " "))
        XCTAssertFalse(keyless.contains("OpenWeatherMap") || keyless.contains("Yandex") || keyless.contains("sample data"), keyless)
        let keyed = WeatherFirstRun.greeting(try service(["OPENWEATHER_API_KEY": "OW", "YANDEX_GEOCODER_API_KEY": "YA"]), width: 200)
        XCTAssertTrue(keyed.contains("from OpenWeatherMap and place names from Yandex Geocoder;"), keyed)
        let offline = WeatherFirstRun.greeting(try service([:], offline: true), width: 200)
        XCTAssertTrue(offline.contains("(sample data while --offline is on)"), offline)
    }
}
