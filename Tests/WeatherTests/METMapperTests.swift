import AlmanacClient
import AlmanacCore
import AlmanacProviders
import Foundation
import XCTest

@testable import TestHarness
@testable import Weather

/// Daily rows from MET Norway's time series, cut by the place's own local days.
final class METMapperTests: XCTestCase {
    /// One step of a made-up answer: UTC time, temperature, optional 1 h / 6 h blocks.
    struct Step {
        var time: String
        var temperature: Double
        var oneHour: (symbol: String?, amount: Double)?
        var sixHours: (symbol: String?, amount: Double)?
        var wind: Double = 3
    }

    static func answer(_ steps: [Step]) -> String {
        let items = steps.map { step -> String in
            var data = #"{"instant":{"details":{"air_temperature":\#(step.temperature),"wind_speed":\#(step.wind),"relative_humidity":80}}"#
            if let block = step.oneHour {
                let summary = block.symbol.map { #""summary":{"symbol_code":"\#($0)"},"# } ?? ""
                data += #","next_1_hours":{\#(summary)"details":{"precipitation_amount":\#(block.amount)}}"#
            }
            if let block = step.sixHours {
                let summary = block.symbol.map { #""summary":{"symbol_code":"\#($0)"},"# } ?? ""
                data += #","next_6_hours":{\#(summary)"details":{"precipitation_amount":\#(block.amount)}}"#
            }
            return #"{"time":"\#(step.time)","data":\#(data)}}"#
        }
        return #"{"type":"Feature","geometry":{"type":"Point","coordinates":[174.76,-36.85,20]},"properties":{"timeseries":["#
            + items.joined(separator: ",") + "]}}"
    }

    static func decode(_ text: String) throws -> METNorwayDTO.Forecast {
        try METNorway.forecast(latitude: 0, longitude: 0).decode(Data(text.utf8))
    }

    static func hours(from start: String, count: Int, temperature: (Int) -> Double, amount: Double = 0.5) -> [Step] {
        let first = METNorway.time(start)!
        return (0..<count).map { index in
            let time = first.addingTimeInterval(TimeInterval(index * 3600))
            return Step(time: iso(time), temperature: temperature(index), oneHour: ("cloudy", amount))
        }
    }

    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    private let provenance = Provenance(origin: .live, fetchedAt: Date(timeIntervalSince1970: 0), stale: false)

    func testDaysFollowAucklandMidnightNotUTC() throws {
        // Auckland is UTC+13 in November: local midnight of 21 Nov is 2026-11-20T11:00Z.
        let steps = Self.hours(from: "2026-11-20T00:00:00Z", count: 24) { $0 < 11 ? Double(10 + $0) : Double(-$0) }
        let city = City(name: "Auckland", latitude: -36.85, longitude: 174.76, timeZoneIdentifier: "Pacific/Auckland")
        let days = METMapper.days(try Self.decode(Self.answer(steps)).properties.timeseries.compactMap(METMapper.step), timeZone: city.timeZone)
        XCTAssertEqual(days.map(\.date.description), ["2026-11-20", "2026-11-21"])
        XCTAssertEqual(days[0].minimum, 10)
        XCTAssertEqual(days[0].maximum, 20, "the 11 hours before local midnight")
        XCTAssertEqual(days[1].minimum, -23)
        XCTAssertEqual(days[1].maximum, -11, "from 11:00Z on it is the next local day")
        XCTAssertEqual(days[0].precipitation, 5.5, accuracy: 1e-9, "eleven 1-hour blocks of 0.5 mm")
    }

    func testDaysFollowLosAngelesAcrossTheEndOfSummerTime() throws {
        // Summer time ends in Los Angeles on 1 Nov 2026 at 09:00Z: that local day has 25 hours,
        // from 07:00Z (UTC−7) to 08:00Z the next day (UTC−8).
        let steps = Self.hours(from: "2026-11-01T05:00:00Z", count: 30) { Double($0) }
        let zone = TimeZone(identifier: "America/Los_Angeles")!
        let days = METMapper.days(try Self.decode(Self.answer(steps)).properties.timeseries.compactMap(METMapper.step), timeZone: zone)
        XCTAssertEqual(days.map(\.date.description), ["2026-10-31", "2026-11-01", "2026-11-02"])
        XCTAssertEqual(days[0].maximum, 1, "05:00Z and 06:00Z belong to 31 Oct")
        XCTAssertEqual(days[2].minimum, 27, "08:00Z on 2 Nov is midnight in Los Angeles")
        XCTAssertEqual(days[1].minimum, 2)
        XCTAssertEqual(days[1].maximum, 26, "07:00Z to 07:00Z the next morning: 25 local hours")
        XCTAssertEqual(days[1].precipitation, 12.5, accuracy: 1e-9, "25 blocks of 0.5 mm")
    }

    func testSixHourBlocksCountOnlyWhereNoHourBlockCoversThoseHours() throws {
        var steps = Self.hours(from: "2026-11-20T00:00:00Z", count: 3) { _ in 5 }
        // Hourly steps also carry a 6-hour block over the same hours: it must not be added.
        steps[0].sixHours = ("rain", 9)
        steps.append(Step(time: "2026-11-20T03:00:00Z", temperature: 6, oneHour: nil, sixHours: ("rain", 2)))
        steps.append(Step(time: "2026-11-20T09:00:00Z", temperature: 7, oneHour: nil, sixHours: ("rain", 4)))
        steps.append(Step(time: "2026-11-20T15:00:00Z", temperature: 8, oneHour: nil, sixHours: nil))
        let days = METMapper.days(try Self.decode(Self.answer(steps)).properties.timeseries.compactMap(METMapper.step), timeZone: .gmt)
        XCTAssertEqual(days.count, 1)
        XCTAssertEqual(days[0].precipitation, 1.5 + 2 + 4, accuracy: 1e-9)
        XCTAssertEqual(days[0].maximum, 8, "the last step has only its instant, and still counts")
    }

    func testATailWithoutBlocksAndAMissingSymbolDecode() throws {
        let steps = [
            Step(time: "2026-11-20T00:00:00Z", temperature: 1, oneHour: nil, sixHours: nil),
            Step(time: "2026-11-20T06:00:00Z", temperature: 2, oneHour: nil, sixHours: (nil, 0.4)),
            Step(time: "2026-11-21T00:00:00Z", temperature: 3, oneHour: ("lightsnowshowers_night", 0.2), sixHours: nil),
        ]
        let dto = try Self.decode(Self.answer(steps))
        let city = City(name: "Nowhere", latitude: 0, longitude: 0, timeZoneIdentifier: "UTC")
        let report = METMapper.report(dto, city: city, now: METNorway.time("2026-11-20T00:30:00Z")!, provenance: provenance)
        XCTAssertEqual(report.daily.count, 2)
        XCTAssertEqual(report.daily[0].description, "—", "no step of the day has a symbol")
        XCTAssertNil(report.daily[0].conditionID)
        XCTAssertEqual(report.daily[1].description, "light snow showers")
        XCTAssertEqual(report.daily[1].conditionID, 620, "the snow icon, as for OpenWeather")
        XCTAssertEqual(report.current?.temperature, 1)
        XCTAssertTrue(report.hourly.isEmpty, "the first step has no 1-hour block")
    }

    func testCurrentIsTheLatestStepNotAfterNowAndHoursRunFromIt() throws {
        let steps = Self.hours(from: "2026-11-20T00:00:00Z", count: 6) { Double($0) }
        let dto = try Self.decode(Self.answer(steps))
        let city = City(name: "Nowhere", latitude: 0, longitude: 0, timeZoneIdentifier: "UTC")
        let report = METMapper.report(dto, city: city, now: METNorway.time("2026-11-20T02:40:00Z")!, provenance: provenance)
        XCTAssertEqual(report.current?.temperature, 2)
        XCTAssertEqual(report.hourly.map(\.temperature), [2, 3, 4, 5])
        XCTAssertEqual(report.model, .met)
    }

    func testSymbolsReadLikeTheOtherProviders() {
        XCTAssertEqual(METSymbol.condition("clearsky_day").description, "clear sky")
        XCTAssertEqual(METSymbol.condition("clearsky_polartwilight").id, 800)
        XCTAssertEqual(METSymbol.condition("heavyrainandthunder").id, 202)
        XCTAssertEqual(METSymbol.condition("fog").id, 741)
        XCTAssertEqual(METSymbol.condition("somethingnew_day").description, "somethingnew")
        XCTAssertNil(METSymbol.condition("somethingnew_day").id)
        XCTAssertEqual(METSymbol.condition(nil).description, "—")
    }

    func testCoordinatesKeepAtMostFourDecimals() {
        XCTAssertEqual(METNorway.coordinate(59.913868), "59.9139")
        XCTAssertEqual(METNorway.coordinate(10.75), "10.75")
        XCTAssertEqual(METNorway.coordinate(-0.12776), "-0.1278")
        XCTAssertEqual(METNorway.coordinate(-0.00001), "0")
        XCTAssertNil(METNorway.time("2026-11-20 09:00"))
        XCTAssertEqual(METNorway.time("2026-11-20T09:00Z"), METNorway.time("2026-11-20T09:00:00Z"))
    }
}
