import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP

/// `weather rain` and `weather air` end to end against loopback providers in their documented
/// shapes: which source answers, a nowcast past its validity, rain falling, none at all, missing
/// values, and the air's numbers (docs/weather.md, "Rain in the next two hours", "Air quality").
final class SkyCommandTests: XCTestCase {
    private let place = "59.9139,10.7522"

    /// MET's nowcast: `coverage`, and a step every 5 minutes from `first` with `rates` (mm/h).
    private static func met(coverage: String, first: Date, rates: [Double?], expires: Date = Date().addingTimeInterval(300)) -> ServerAction {
        let steps = rates.enumerated().map { index, rate in
            let time = ISO8601DateFormatter().string(from: first.addingTimeInterval(TimeInterval(index * 300)))
            let details = rate.map { #"{"precipitation_rate":\#($0),"air_temperature":1.0}"# } ?? #"{"air_temperature":1.0}"#
            return #"{"time":"\#(time)","data":{"instant":{"details":\#(details)}}}"#
        }
        let body =
            #"{"type":"Feature","properties":{"meta":{"updated_at":"2026-11-20T13:57:41Z","radar_coverage":"\#(coverage)"},"#
            + #""timeseries":[\#(steps.joined(separator: ","))]}}"#
        return .json(body, headers: ["Expires": HTTPDate.format(expires), "Date": HTTPDate.format(Date())])
    }

    /// Open-Meteo's 15-minute columns from `first` (each value the 15 minutes before its time).
    private static func openMeteo(first: Date, amounts: [Double?]) -> ServerAction {
        let times = amounts.indices.map { String(Int(first.timeIntervalSince1970) + ($0 + 1) * 900) }
        let values = amounts.map { $0.map { String($0) } ?? "null" }
        return .json(
            #"{"latitude":59.91,"longitude":10.75,"minutely_15":{"time":[\#(times.joined(separator: ","))],"#
                + #""precipitation":[\#(values.joined(separator: ","))]}}"#)
    }

    private func run(_ arguments: [String], met: LoopbackServer, openMeteo: LoopbackServer) throws -> RunResult {
        try runAlmanac(
            arguments, home: try makeTemporaryFolder(self),
            environment: ["ALMANAC_METNO_URL": met.baseURL, "ALMANAC_OPENMETEO_FORECAST_URL": openMeteo.baseURL])
    }

    private static var quarterAgo: Date { Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 900).rounded(.down) * 900) }

    func testWithoutRadarCoverageOpenMeteoAnswers() throws {
        for coverage in ["no coverage", "temporarily unavailable"] {
            let metServer = try LoopbackServer { _ in Self.met(coverage: coverage, first: Date(), rates: [nil, nil]) }
            let omServer = try LoopbackServer { _ in Self.openMeteo(first: Self.quarterAgo, amounts: [0, 0, 0.2, 0.3, 0, 0, 0, 0, 0]) }
            let result = try run(["weather", "rain", place], met: metServer, openMeteo: omServer)
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertTrue(result.out.contains("Open-Meteo"), "\(coverage): \(result.out)")
            XCTAssertTrue(result.out.contains("Rain from "), result.out)
            XCTAssertEqual(metServer.receivedRequests.count, 1)
            XCTAssertEqual(omServer.receivedRequests.count, 1)
        }
    }

    func testRainFallingNowOnTheRadar() throws {
        let metServer = try LoopbackServer { _ in
            Self.met(coverage: "ok", first: Date().addingTimeInterval(-120), rates: [1.5, 2.8, 0.9] + Array(repeating: 0, count: 21))
        }
        let omServer = try LoopbackServer { _ in .json("{}", status: 500) }
        let result = try run(["weather", "rain", place, "--json"], met: metServer, openMeteo: omServer)
        XCTAssertEqual(result.status, 0, result.err)
        let json = try XCTUnwrap(JSONValue.parse(Data(result.out.utf8)))
        XCTAssertEqual(json["provider"]?.stringValue, "metno")
        XCTAssertEqual(json["resolutionMinutes"]?.intValue, 5)
        XCTAssertTrue(json["sentence"]?.stringValue?.hasPrefix("Raining now, easing by ") == true, result.out)
        XCTAssertEqual(json["steps"]?.arrayValue?.first?["mmPerHour"]?.doubleValue, 1.5)
        XCTAssertEqual(omServer.receivedRequests.count, 0)
    }

    /// A nowcast whose `Expires` has passed and whose steps have all ended is never shown as
    /// current: Open-Meteo answers instead.
    func testAnEndedNowcastIsNotShownAsCurrent() throws {
        let old = Date().addingTimeInterval(-4 * 3600)
        let metServer = try LoopbackServer { _ in Self.met(coverage: "ok", first: old, rates: Array(repeating: 5, count: 24), expires: old) }
        let omServer = try LoopbackServer { _ in Self.openMeteo(first: Self.quarterAgo, amounts: Array(repeating: 0, count: 12)) }
        let result = try run(["weather", "rain", place], met: metServer, openMeteo: omServer)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("No rain expected in the next 2 hours."), result.out)
        XCTAssertFalse(result.out.contains("radar"), result.out)
    }

    func testMissingValuesShowAsUnknownCells() throws {
        let metServer = try LoopbackServer { _ in .json("{}", status: 503) }
        let omServer = try LoopbackServer { _ in Self.openMeteo(first: Self.quarterAgo, amounts: [0, nil, 0, nil, nil, 0, 0, 0, 0]) }
        let result = try run(["weather", "rain", place], met: metServer, openMeteo: omServer)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("·?·??···"), result.out)
        XCTAssertTrue(result.out.contains("No rain expected"), result.out)
    }

    func testAirIndicesAsNumbersAndTheScaleChecked() throws {
        let now = Int(Date().timeIntervalSince1970)
        let air = try LoopbackServer { _ in
            .json(
                #"{"current":{"time":\#(now),"european_aqi":61,"us_aqi":88,"pm2_5":30.2,"pm10":41,"ozone":20,"nitrogen_dioxide":12,"#
                    + #""european_aqi_pm2_5":61,"european_aqi_pm10":40,"european_aqi_ozone":12,"european_aqi_nitrogen_dioxide":8,"#
                    + #""birch_pollen":14.0,"grass_pollen":null},"hourly":{"time":[\#(now),\#(now + 3600)],"european_aqi":[61,null],"us_aqi":[88,90]}}"#
            )
        }
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["weather", "air", place, "--json"], home: home, environment: ["ALMANAC_OPENMETEO_AIR_URL": air.baseURL])
        XCTAssertEqual(result.status, 0, result.err)
        let json = try XCTUnwrap(JSONValue.parse(Data(result.out.utf8)))
        XCTAssertEqual(json["index"]?.doubleValue, 61)
        XCTAssertEqual(json["band"]?.stringValue, "poor")
        XCTAssertEqual(json["dominant"]?.stringValue, "pm2_5")
        XCTAssertEqual(json["pollen"]?["birch"]?.doubleValue, 14)
        let text = try runAlmanac(["weather", "air", place, "--aqi", "us"], home: home, environment: ["ALMANAC_OPENMETEO_AIR_URL": air.baseURL])
        XCTAssertTrue(text.out.contains("US AQI 88, moderate"), text.out)
        assertOneLineError(try runAlmanac(["weather", "air", place, "--aqi", "cn"], home: home), status: 64, contains: "--aqi must be eu or us")
    }

    /// A hostile answer (an index of 1e300, times past any calendar) is shown, never a crash.
    func testOutlandishNumbersAreShownNotCrashedOn() throws {
        let air = try LoopbackServer { _ in
            .json(
                #"{"current":{"time":9223372036854775807,"european_aqi":1e300,"birch_pollen":1e300},"hourly":{"time":[-9223372036854775808],"european_aqi":[5]}}"#
            )
        }
        let minutely = try LoopbackServer { _ in
            .json(#"{"minutely_15":{"time":[9223372036854775807,-9223372036854775808],"precipitation":[1e300]}}"#)
        }
        let home = try makeTemporaryFolder(self)
        let environment = ["ALMANAC_OPENMETEO_AIR_URL": air.baseURL, "ALMANAC_OPENMETEO_FORECAST_URL": minutely.baseURL]
        let shown = try runAlmanac(["weather", "air", place], home: home, environment: environment)
        XCTAssertEqual(shown.status, 0, shown.err)
        XCTAssertTrue(shown.out.contains("European AQI 1000000000, extremely poor"), shown.out)
        let rain = try runAlmanac(["weather", "rain", "10,10"], home: home, environment: environment)
        XCTAssertEqual(rain.status, 69, "no step to show: \(rain.err)")
        XCTAssertEqual(rain.err.split(separator: "\n").count, 1, rain.err)
    }
}
