import AlmanacClient
import AlmanacProviders
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import TerminalKit
@testable import TestHarness
@testable import WeatherFront

/// Every sentence that names a provider names one that answers this run, each command run in process.
final class ProviderNamesTests: XCTestCase {
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
