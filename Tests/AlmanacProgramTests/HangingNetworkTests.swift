import AlmanacClient
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import Deals
@testable import TestHarness

/// Providers that accept a connection and never answer: `--timeout` bounds the whole command,
/// and a one-shot command ends with the sample data or one line, never waits for ever.
final class HangingNetworkTests: XCTestCase {
    private func hangingServer() throws -> LoopbackServer { try LoopbackServer { _ in .hang(seconds: 30) } }

    func testEachRequestGetsWhatIsLeftOfTheCommandsTimeout() {
        var configuration = Configuration(environment: Environment([:]), timeout: 20)
        XCTAssertEqual(configuration.transportNow()?.totalTimeout, 20, "no deadline: the request's own limit")
        let now = Date()
        configuration.deadline = RunDeadline(start: now, seconds: 3, fixed: true)
        XCTAssertEqual(configuration.transportNow(now)?.totalTimeout, 3)
        XCTAssertEqual(configuration.transportNow(now)?.connectTimeout, 3)
        XCTAssertNil(configuration.transportNow(now.addingTimeInterval(3)), "past the deadline nothing is sent")
    }

    func testAForecastWithThreeHangingProvidersWaitsTheTimeoutOnceNotThrice() throws {
        let server = try hangingServer()
        let home = try makeTemporaryFolder(self)
        let environment = [
            "ALMANAC_METNO_URL": server.baseURL, "ALMANAC_OPENMETEO_GEOCODING_URL": server.baseURL,
            "ALMANAC_OPENMETEO_ENSEMBLE_URL": server.baseURL,
        ]
        let started = Date()
        let result = try runAlmanac(["weather", "forecast", "London", "--timeout", "2"], home: home, environment: environment)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "geocoding, forecast and outlook share the 2 s (it was 6 s and more)")
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("7-day forecast — London"), result.out)
        XCTAssertTrue(result.err.contains("Open-Meteo unreachable; showing sample data recorded on 2026-11-20."), result.err)
    }

    /// A saved city and a network that accepts and never answers: the command's one deadline
    /// decides what a status bar shows — the sample, the same every run (two timers used to race,
    /// so the bar flipped between a value and `? ?`).
    func testAGlanceUnderAHangingNetworkShowsTheSameAnswerEveryRun() throws {
        let server = try hangingServer()
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try runAlmanac(["weather", "add", "Oslo", "--offline"], home: home).status, 0)
        var environment: [String: String] = [:]
        for variable in [
            "ALMANAC_METNO_URL", "ALMANAC_OPENMETEO_GEOCODING_URL", "ALMANAC_OPENMETEO_ENSEMBLE_URL", "ALMANAC_OPENMETEO_FORECAST_URL",
            "ALMANAC_OPENMETEO_AIR_URL",
        ] {
            environment[variable] = server.baseURL
        }
        for arguments in [["weather", "--format", "3"], ["weather", "--format", "1", "--waybar"], ["line", "%t"]] {
            var outputs: Set<String> = []
            for _ in 0..<3 {
                let result = try runAlmanac(arguments + ["--timeout", "0.5"], home: home, environment: environment)
                XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
                outputs.insert(result.out)
            }
            XCTAssertEqual(outputs.count, 1, "\(arguments): \(outputs)")
            XCTAssertFalse(outputs.first?.contains("?") ?? true, "\(arguments): \(outputs)")
        }
    }

    func testAKrakenTapeThatCannotConnectShowsItsRecordedTradesOrEnds() throws {
        let server = try hangingServer()
        let home = try makeTemporaryFolder(self)
        let arguments = ["deals", "top", "--source", "kraken:BTC/USD", "--limit", "2", "--timeout", "1"]
        let started = Date()
        let recorded = try runAlmanac(arguments, home: home, environment: ["ALMANAC_KRAKEN_URL": server.baseURL])
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "it used to poll for ever")
        XCTAssertEqual(recorded.status, 0, recorded.err)
        XCTAssertEqual(recorded.err, "Kraken unreachable; showing its recorded trades of 2026-11-20.\n")
        XCTAssertTrue(recorded.out.contains("BTC/USD     91,234.50000"), recorded.out)

        let empty = try makeTemporaryFolder(self)
        let nothing = try runAlmanac(arguments, home: home, environment: ["ALMANAC_KRAKEN_URL": server.baseURL, "ALMANAC_FIXTURES": empty.path])
        assertOneLineError(nothing, status: 69, contains: "Could not read deals: Kraken: 127.0.0.1 did not answer within 1.0 s")
        XCTAssertFalse(nothing.err.contains("showing its recorded trades"), "no label for trades that are not shown")
    }
}
