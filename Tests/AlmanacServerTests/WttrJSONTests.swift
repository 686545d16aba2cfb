import AlmanacCore
import XCTest

@testable import AlmanacServer

/// `?format=j1` from Almanac's documents: wttr.in's members and types, its clock and codes, each
/// slot from the nearest forecast hour or the day's part (docs/serve.md, "wttr.in's JSON").
final class WttrJSONTests: XCTestCase {
    private let now = JSONValue.parse(
        Data(
            #"""
            {"city": {"name": "Oslo", "country": "Norway", "region": "Oslo", "latitude": 59.9139, "longitude": 10.7522,
              "timeZoneIdentifier": "Europe/Oslo"},
             "current": {"temperature": 4.58, "feelsLike": -0.24, "humidity": 75.3, "clouds": 69.4, "windSpeed": 7.6, "windDegrees": 108.1,
              "pressure": 1018, "precipitation": 0, "conditionID": 741, "time": "2026-11-20T12:00:00Z",
              "sunrise": "2026-11-20T07:26:55Z", "sunset": "2026-11-20T14:38:14Z"}}
            """#.utf8))!
    private let forecast = JSONValue.parse(
        Data(
            #"""
            {"days": [
              {"date": "2026-11-19", "minimum": -9, "maximum": 9},
              {"date": "2026-11-20", "minimum": -0.07, "maximum": 4.78, "night": -1.2, "feelsNight": -6.5, "conditionID": 741,
               "precipitationProbability": 0.35, "moonPhase": 0.5, "sunrise": "2026-11-20T07:26:55Z", "sunset": "2026-11-20T14:38:14Z"},
              {"date": "2026-11-21", "minimum": 1, "maximum": 3, "conditionID": 800},
              {"date": "2026-11-22", "minimum": -3, "maximum": -1, "conditionID": 601, "precipitation": 4, "precipitationProbability": 0.8},
              {"date": "2026-11-23", "minimum": 0, "maximum": 2}]}
            """#.utf8))!
    private let hourly = JSONValue.parse(
        Data(#"{"hours": [{"time": "2026-11-20T12:00:00Z", "temperature": 6.4, "conditionID": 500, "humidity": 90}]}"#.utf8))!

    private func document(hourly withSlots: Bool = true) throws -> JSONValue {
        try XCTUnwrap(WttrJSON(now: now, forecast: forecast, hourly: hourly)).document(hourly: withSlots)
    }

    func testTheCurrentConditionIsWttrsMembersInItsUnitsAndClock() throws {
        let current = try XCTUnwrap(try document()["current_condition"].flatMap { if case .array(let a) = $0 { a.first } else { nil } })
        let expected: [String: String] = [
            "temp_C": "5", "temp_F": "40", "FeelsLikeC": "0", "FeelsLikeF": "32", "humidity": "75", "cloudcover": "69", "pressure": "1018",
            "pressureInches": "30", "windspeedKmph": "27", "windspeedMiles": "17", "winddirDegree": "108", "winddir16Point": "ESE",
            "weatherCode": "248", "observation_time": "12:00 PM", "localObsDateTime": "2026-11-20 01:00 PM", "uvIndex": "0", "precipMM": "0.0",
        ]
        for (member, value) in expected { XCTAssertEqual(current[member]?.stringValue, value, member) }
        XCTAssertEqual(current["weatherDesc"], .array([.object([("value", .string("Fog"))])]))
        XCTAssertEqual(current["weatherIconUrl"], .array([.object([("value", .string(""))])]))
    }

    func testTodayAndTwoDaysEachWithEightSlotsFromTheNearestHourOrTheDaysPart() throws {
        guard case .array(let days)? = try document()["weather"] else { return XCTFail("no weather") }
        XCTAssertEqual(days.map { $0["date"]?.stringValue }, ["2026-11-20", "2026-11-21", "2026-11-22"], "the past day left out")
        guard case .array(let slots)? = days[0]["hourly"] else { return XCTFail("no hourly") }
        XCTAssertEqual(slots.map { $0["time"]?.stringValue }, ["0", "300", "600", "900", "1200", "1500", "1800", "2100"])
        // 13:00 in Oslo is 12:00 UTC: the forecast's hour, light rain.
        XCTAssertEqual(slots[4]["tempC"]?.stringValue, "6")
        XCTAssertEqual(slots[4]["weatherCode"]?.stringValue, "296")
        XCTAssertEqual(slots[4]["chanceofrain"]?.stringValue, "35")
        XCTAssertEqual(slots[4]["chanceofremdry"]?.stringValue, "65")
        // Midnight has no hour near it: the day's night.
        XCTAssertEqual(slots[0]["tempC"]?.stringValue, "-1")
        XCTAssertEqual(slots[0]["FeelsLikeC"]?.stringValue, "-7")
        XCTAssertEqual(slots[0]["WindChillC"]?.stringValue, "-7", "cold: the wind chill is the feels-like")
        let astronomy = try XCTUnwrap(days[0]["astronomy"].flatMap { if case .array(let a) = $0 { a.first } else { nil } })
        XCTAssertEqual(astronomy["sunrise"]?.stringValue, "08:26 AM", "Oslo's clock")
        XCTAssertEqual(astronomy["moon_phase"]?.stringValue, "Full Moon")
        XCTAssertEqual(astronomy["moon_illumination"]?.stringValue, "100")
        XCTAssertEqual(days[0]["avgtempC"]?.stringValue, "2")
        guard case .array(let tomorrow)? = days[1]["hourly"] else { return XCTFail("no hourly tomorrow") }
        let clear = JSONValue.array([.object([("value", .string("Clear"))])])
        XCTAssertEqual(tomorrow[0]["weatherDesc"], clear, "clear at midnight, not sunny")
    }

    func testSnowIsItsDepthAndItsChanceAndJ2HasNoSlots() throws {
        guard case .array(let days)? = try document()["weather"], case .array(let slots)? = days[2]["hourly"] else { return XCTFail() }
        XCTAssertEqual(days[2]["totalSnow_cm"]?.stringValue, "4.0")
        XCTAssertEqual(slots[3]["chanceofsnow"]?.stringValue, "80")
        XCTAssertEqual(slots[3]["chanceofrain"]?.stringValue, "0")
        XCTAssertEqual(slots[3]["weatherCode"]?.stringValue, "332")
        guard case .array(let short)? = try document(hourly: false)["weather"] else { return XCTFail() }
        XCTAssertNil(short[0]["hourly"])
        XCTAssertNotNil(short[0]["maxtempC"])
    }

    func testEveryValueIsTextAsWttrWritesIt() throws {
        func check(_ value: JSONValue, _ path: String) {
            switch value {
            case .string: break
            case .array(let items): for (index, item) in items.enumerated() { check(item, "\(path)[\(index)]") }
            case .object(let members): for (name, member) in members { check(member, "\(path).\(name)") }
            default: XCTFail("\(path) is \(value), not text")
            }
        }
        check(try document(), "")
    }

    func testCodesAndCompassAlwaysSayWhatAClientKnows() {
        XCTAssertEqual(WttrCodes.code(nil), 116)
        XCTAssertEqual(WttrCodes.code(799), 143, "an id unknown to the table: its group")
        XCTAssertEqual(WttrCodes.code(904), 116)
        XCTAssertEqual(WttrCodes.description(113, daytime: true), "Sunny")
        XCTAssertEqual(WttrCodes.compass(359), "N")
        XCTAssertEqual(WttrCodes.compass(-10), "N")
        XCTAssertEqual(WttrCodes.compass(202.5), "SSW")
        XCTAssertEqual(WttrCodes.compass(nil), "N")
    }
}
