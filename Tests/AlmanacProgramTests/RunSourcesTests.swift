import AlmanacClient
import AlmanacProviders
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import TerminalKit
@testable import TestHarness
@testable import WeatherFront

/// Who answers each capability, and every sentence that names a provider asking it.
final class RunSourcesTests: XCTestCase {
    private func sources(_ variables: [String: String], offline: Bool = false) -> RunSources {
        let configuration = Configuration(environment: Environment(variables), offline: offline)
        return RunSources.resolve(configuration, weather: nil, crypto: nil)
    }

    private func names(_ sources: RunSources) -> [String] { RunSources.Capability.allCases.map(sources.name) }

    func testEachCapabilityHasOneProviderByTheKeysSet() {
        XCTAssertEqual(
            names(sources([:])), ["MET Norway", "Open-Meteo", "Open-Meteo", "Kraken", "Kraken", "Fruityvice", "Kraken", "MET Norway", "Open-Meteo"],
            "with no key")
        XCTAssertEqual(sources([:]).providers(.rain), [.metNorway, .openMeteoForecast], "the radar first, Open-Meteo where it does not reach")
        XCTAssertTrue(sources([:]).answers(.openMeteoAir) && sources([:]).answers(.openMeteoForecast))
        XCTAssertEqual(names(sources(["OPENWEATHER_API_KEY": "OW"])).prefix(3), ["OpenWeatherMap", "OpenWeatherMap", "OpenWeatherMap"])
        XCTAssertEqual(sources(["YANDEX_GEOCODER_API_KEY": "YA"]).name(.places), "Yandex Geocoder")
        XCTAssertEqual(sources(["TWELVEDATA_API_KEY": "TD"]).name(.prices), "Twelve Data")
        XCTAssertFalse(sources([:]).answers(.twelveData), "no key: Twelve Data answers nothing, so no note names it")
        XCTAssertFalse(sources([:]).answers(.openWeather))
        XCTAssertFalse(sources([:]).onSampleData(.forecast), "the keyless forecast is live")
        XCTAssertTrue(sources([:], offline: true).onSampleData(.forecast))
        let pinned = RunSources.resolve(Configuration(environment: Environment([:])), weather: .openweather, crypto: .twelvedata)
        XCTAssertTrue(pinned.onSampleData(.forecast) && pinned.onSampleData(.prices), "a keyed provider pinned with no key answers from samples")
    }

    func testTheFirstRunNamesWhoAnswersThisRun() {
        let keyless = WeatherFirstRun.greeting(sources([:]), width: 200)
        XCTAssertTrue(keyless.contains("forecasts come from MET Norway and place names from Open-Meteo; see almanac doctor.\n"), keyless)
        // At 60 columns the sentences wrap between words, every line within the width.
        let narrow = WeatherFirstRun.greeting(sources([:]), width: 60)
        XCTAssertTrue(narrow.split(separator: "\n").allSatisfy { $0.count <= 60 }, narrow)
        XCTAssertEqual(
            narrow.replacingOccurrences(of: "\n", with: " "),
            WeatherFirstRun.greeting(sources([:]), width: 200).replacingOccurrences(of: "\n", with: " "))
        XCTAssertFalse(keyless.contains("OpenWeatherMap") || keyless.contains("Yandex") || keyless.contains("sample data"), keyless)
        let keyed = WeatherFirstRun.greeting(sources(["OPENWEATHER_API_KEY": "OW", "YANDEX_GEOCODER_API_KEY": "YA"]), width: 200)
        XCTAssertTrue(keyed.contains("from OpenWeatherMap and place names from Yandex Geocoder;"), keyed)
        let offline = WeatherFirstRun.greeting(sources([:], offline: true), width: 200)
        XCTAssertTrue(offline.contains("(sample data while --offline is on)"), offline)
    }

    /// Every front end's words, with no key and with each key set: a provider is named only when
    /// it answers this run.
    func testEveryCommandNamesOnlyTheProvidersThatAnswer() throws {
        let runs: [(keys: [String: String], absent: [String])] = [
            ([:], ["OpenWeatherMap", "Yandex", "Twelve Data:"]),
            (["OPENWEATHER_API_KEY": "OW-SECRET-1"], ["Yandex", "MET Norway unreachable", "Twelve Data:"]),
            (["TWELVEDATA_API_KEY": "TD-SECRET-1"], ["Kraken", "OpenWeatherMap"]),
        ]
        for run in runs {
            let home = try makeTemporaryFolder(self)
            for command in [["weather", "forecast", "Moscow"], ["crypto"], ["crypto", "add", "terra", "--pick", "2"], ["fruit", "list"]] {
                let result = try runAlmanac(command + ["--offline"], home: home, environment: run.keys)
                for name in run.absent {
                    XCTAssertFalse((result.out + result.err).contains(name), "\(command) with \(run.keys.keys.sorted()) names \(name): \(result.err)")
                }
            }
        }
    }

    func testTheCryptoFooterNamesKrakenOnceAndAJapaneseCurrencySaysItsReasonOnce() throws {
        let home = try makeTemporaryFolder(self)
        // Saved when a rate could be had (the setting is refused without one), then offline.
        _ = try writeDamagedDocument("crypto-settings.json", text: #"{"schema":1,"data":{"currency":"JPY"}}"#, home: home)
        let result = try runAlmanac(["crypto", "--offline"], home: home)
        XCTAssertEqual(result.out.components(separatedBy: "Kraken").count - 1, 3, "the reason, the source and the credit: \(result.out)")
        XCTAssertEqual(result.out.split(separator: "\n").filter { $0.contains("USD/JPY") }.count, 1, "one line for the six rows: \(result.out)")
        XCTAssertTrue(result.out.contains("Source: Kraken, sample data recorded on 2026-11-20 · Prices from Kraken's public API"), result.out)
    }

    func testAFooterWrapsBetweenItsPartsSoTheCreditIsWhole() {
        var style = Style.plain
        style.columns = 40
        let footer = style.footer(["Source: Kraken, sample data recorded on 2026-11-20", "Prices from Kraken's public API"])
        XCTAssertEqual(footer, "Source: Kraken, sample data recorded on\n2026-11-20 ·\nPrices from Kraken's public API")
        XCTAssertTrue(footer.split(separator: "\n").allSatisfy { $0.count <= 40 })
    }
}
