import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// `weather rain` and `weather air` end to end against loopback providers in their documented
/// shapes: which source answers, a nowcast past its validity, rain falling, none at all, missing
/// values, and the air's numbers (docs/weather.md, "Rain in the next two hours", "Air quality").
final class RainAndAirCommandTests: XCTestCase {
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

    /// Open-Meteo's forecast host, answering every request with `action`.
    private static func forecastHost(_ action: @escaping @Sendable () -> ServerAction) throws -> LoopbackServer {
        try LoopbackServer { _ in action() }
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
            let omServer = try Self.forecastHost { Self.openMeteo(first: Self.quarterAgo, amounts: [0, 0, 0.2, 0.3, 0, 0, 0, 0, 0]) }
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
        let omServer = try Self.forecastHost { .json("{}", status: 500) }
        let result = try run(["weather", "rain", place, "--json"], met: metServer, openMeteo: omServer)
        XCTAssertEqual(result.status, 0, result.err)
        let json = try XCTUnwrap(JSONValue.parse(Data(result.out.utf8)))
        XCTAssertEqual(json["provider"]?.stringValue, "metno")
        XCTAssertEqual(json["resolutionMinutes"]?.intValue, 5)
        XCTAssertTrue(json["sentence"]?.stringValue?.hasPrefix("Raining now, easing by ") == true, result.out)
        XCTAssertEqual(json["steps"]?.arrayValue?.first?["mmPerHour"]?.doubleValue, 1.5)
        XCTAssertEqual(omServer.receivedRequests.count, 0)
    }

    /// Bergen by coordinates runs on Oslo's clock on a first run with Open-Meteo down, from the
    /// time-zone outlines shipped with the program (its longitude, 5.32°, would have put it on
    /// UTC: an hour early in winter); no request is made to learn it.
    func testCoordinatesRunOnTheirOwnClock() throws {
        let first = Date().addingTimeInterval(-120)
        let metServer = try LoopbackServer { _ in Self.met(coverage: "ok", first: first, rates: [1.5, 2.8, 0.9] + Array(repeating: 0, count: 21)) }
        let omServer = try Self.forecastHost { .json("{}", status: 500) }
        let result = try run(["weather", "rain", "60.39,5.32"], met: metServer, openMeteo: omServer)
        XCTAssertEqual(result.status, 0, result.err)
        let ease = try XCTUnwrap(result.out.range(of: "easing by ").map { String(result.out[$0.upperBound...].prefix(5)) }, result.out)
        let parts = ease.split(separator: ":").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "Europe/Oslo"))
        let shown = calendar.dateComponents([.hour, .minute], from: first)
        let after = (parts[0] * 60 + parts[1] - shown.hour! * 60 - shown.minute! + 1440) % 1440
        XCTAssertLessThanOrEqual(after, 30, "\(ease) is Oslo's clock, within half an hour of the rain's first step: \(result.out)")
        XCTAssertFalse(result.err.contains("time zone"), result.err)
        XCTAssertEqual(omServer.receivedRequests.count, 0, "Open-Meteo is down, and asked nothing")
    }

    /// A place in the United States by coordinates is read on the US index (its zone says where
    /// it is), as the same place found by name.
    func testUSCoordinatesGetTheUSIndex() throws {
        let home = try makeTemporaryFolder(self)
        let byName = try runAlmanac(["weather", "air", "New York", "--offline"], home: home)
        let byPlace = try runAlmanac(["weather", "air", "40.71,-74.0", "--offline"], home: home)
        XCTAssertTrue(byName.out.contains("US AQI 58"), byName.out)
        XCTAssertTrue(byPlace.out.contains("US AQI 58"), byPlace.out + byPlace.err)
    }

    /// A nowcast whose `Expires` has passed and whose steps have all ended is never shown as
    /// current: Open-Meteo answers instead.
    func testAnEndedNowcastIsNotShownAsCurrent() throws {
        let old = Date().addingTimeInterval(-4 * 3600)
        let metServer = try LoopbackServer { _ in Self.met(coverage: "ok", first: old, rates: Array(repeating: 5, count: 24), expires: old) }
        let omServer = try Self.forecastHost { Self.openMeteo(first: Self.quarterAgo, amounts: Array(repeating: 0, count: 12)) }
        let result = try run(["weather", "rain", place], met: metServer, openMeteo: omServer)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("No rain expected in the next 2 hours."), result.out)
        XCTAssertFalse(result.out.contains("radar"), result.out)
    }

    func testMissingValuesShowAsUnknownCells() throws {
        let metServer = try LoopbackServer { _ in .json("{}", status: 503) }
        let omServer = try Self.forecastHost { Self.openMeteo(first: Self.quarterAgo, amounts: [0, nil, 0, nil, nil, 0, 0, 0, 0]) }
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

    /// "Next 24 hours" is now to now + 24 h, whatever the answer holds: a past hour's 200 and a
    /// 300 38 hours ahead are not the day's highest.
    func testTheNext24HoursAreTheNext24Hours() throws {
        let hour = Int(Date().timeIntervalSince1970) / 3600 * 3600
        let offsets = Array(-5..<72)
        let values = offsets.map { $0 == -3 ? 200 : $0 == 38 ? 300 : $0 == 3 ? 80 : 20 }
        let air = try LoopbackServer { _ in
            .json(
                #"{"current":{"time":\#(hour),"european_aqi":20,"pm2_5":5},"hourly":{"time":[\#(offsets.map { String(hour + $0 * 3600) }.joined(separator: ","))],"#
                    + #""european_aqi":[\#(values.map(String.init).joined(separator: ","))]}}"#)
        }
        let result = try runAlmanac(
            ["weather", "air", place], home: try makeTemporaryFolder(self), environment: ["ALMANAC_OPENMETEO_AIR_URL": air.baseURL])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("Next 24 hours: highest 80"), result.out)
    }

    /// `%r` and `%a` need neither the forecast nor its provider: with MET's Locationforecast
    /// failing, they still print (it used to be `?|?`, exit 69), and it is not asked.
    func testRainAndAirCodesDoNotNeedTheForecast() throws {
        let first = Date().addingTimeInterval(-120)
        let met = try LoopbackServer { request in
            request.path.contains("locationforecast")
                ? .json("{}", status: 500) : Self.met(coverage: "ok", first: first, rates: [1.5, 2.8, 0.9] + Array(repeating: 0, count: 21))
        }
        let now = Int(Date().timeIntervalSince1970)
        let air = try LoopbackServer { _ in .json(#"{"current":{"time":\#(now),"european_aqi":33},"hourly":{"time":[],"european_aqi":[]}}"#) }
        let omServer = try Self.forecastHost { .json("{}", status: 500) }
        let result = try runAlmanac(
            ["weather", place, "--format", "%r|%a"], home: try makeTemporaryFolder(self),
            environment: [
                "ALMANAC_METNO_URL": met.baseURL, "ALMANAC_OPENMETEO_FORECAST_URL": omServer.baseURL, "ALMANAC_OPENMETEO_AIR_URL": air.baseURL,
            ])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasSuffix("|AQI 33\n") && !result.out.hasPrefix("?"), result.out)
        XCTAssertFalse(met.receivedRequests.contains { $0.path.contains("locationforecast") }, "the forecast is not asked")
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
        XCTAssertTrue(shown.out.contains("European AQI 1000000000000000, extremely poor"), shown.out)
        let rain = try runAlmanac(["weather", "rain", "10,10"], home: home, environment: environment)
        XCTAssertEqual(rain.status, 69, "no step to show: \(rain.err)")
        XCTAssertEqual(rain.err.split(separator: "\n").count, 1, rain.err)
    }

    /// One answer to "will it rain?" in the now view: the Precipitation row is the nowcast's, in
    /// `weather rain`'s words, said once; the forecast's hour only where no nowcast answers, and
    /// said so. MET's recorded forecast for Oslo, its nowcast made around now; Open-Meteo down.
    func testTheNowViewGivesOneAnswerToWillItRain() throws {
        let recording = try Data(contentsOf: repositoryFixtures.appendingPathComponent("metno/forecast-oslo.json"))
        let response = try XCTUnwrap(JSONValue.parse(recording)?["response"]?["body"])
        let forecast = String(decoding: response.encoded(), as: UTF8.self)
        let down = try Self.forecastHost { .json("{}", status: 500) }
        for coverage in ["ok", "no coverage"] {
            let first = Date().addingTimeInterval(-120)
            let met = try LoopbackServer { request in
                request.path.contains("locationforecast")
                    ? .json(forecast)
                    : Self.met(
                        coverage: coverage, first: first,
                        rates: Array(repeating: 0, count: 6) + Array(repeating: 3.2, count: 6) + Array(repeating: 0, count: 12))
            }
            let result = try run(["weather", "60.39,5.32"], met: met, openMeteo: down)
            XCTAssertEqual(result.status, 0, result.err)
            let row = try XCTUnwrap(result.out.split(separator: "\n").first { $0.hasPrefix("Precipitation") }, result.out)
            if coverage == "ok" {
                XCTAssertTrue(row.contains("for about 30 minutes, moderate (3.2 mm/h) (nowcast; weather rain)"), String(row))
                XCTAssertFalse(result.out.contains("coming hour"), "the forecast's hour is not a second answer: \(result.out)")
                XCTAssertFalse(result.out.contains("☔"), "said once: \(result.out)")
            } else {
                XCTAssertTrue(row.hasSuffix("in the coming hour (forecast; no nowcast here)"), String(row))
            }
        }
    }
}
