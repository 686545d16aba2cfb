import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness
@testable import Weather

/// The 25-day outlook from Open-Meteo's ensemble: medians, spreads and wet shares per day.
final class EnsembleMapperTests: XCTestCase {
    /// An answer with `members` columns per variable, each member's values given per day.
    static func answer(days: [String], minima: [[Double?]], maxima: [[Double?]], rain: [[Double?]], units: String = "°C") -> Data {
        func columns(_ name: String, _ values: [[Double?]]) -> [String] {
            values.enumerated().map { index, column in
                let key = index == 0 ? name : name + "_member" + (index < 10 ? "0" : "") + String(index)
                let numbers = column.map { $0.map { String($0) } ?? "null" }.joined(separator: ",")
                return "\"\(key)\":[\(numbers)]"
            }
        }
        let time = "\"time\":[" + days.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let all = [time] + columns("temperature_2m_min", minima) + columns("temperature_2m_max", maxima) + columns("precipitation_sum", rain)
        let units = #""daily_units":{"temperature_2m_min":"\#(units)","temperature_2m_max":"\#(units)","precipitation_sum":"mm"}"#
        return Data(#"{"timezone":"Europe/Oslo",\#(units),"daily":{\#(all.joined(separator: ","))}}"#.utf8)
    }

    static func decode(_ data: Data) throws -> OpenMeteoDTO.Ensemble {
        try OpenMeteo.ensemble(latitude: 0, longitude: 0).decode(data)
    }

    func testMediansPercentilesAndWetShareAgainstHandComputedValues() throws {
        // Five members on one day. Minima sorted: 1 2 3 4 10 → median 3; 10th percentile at rank
        // 0.4: 1 + 0.4 × (2 − 1) = 1.4; 90th at rank 3.6: 4 + 0.6 × (10 − 4) = 7.6.
        let data = Self.answer(
            days: ["2026-11-20"], minima: [[3], [1], [10], [2], [4]], maxima: [[8], [9], [12], [7], [11]],
            rain: [[0], [0.05], [0.1], [2.5], [1]])
        let day = try XCTUnwrap(EnsembleMapper.days(try Self.decode(data)).first)
        XCTAssertEqual(day.minimum.median, 3)
        XCTAssertEqual(day.minimum.low, 1.4, accuracy: 1e-9)
        XCTAssertEqual(day.minimum.high, 7.6, accuracy: 1e-9)
        XCTAssertEqual(day.maximum.median, 9)
        XCTAssertEqual(day.maximum.low, 7.4, accuracy: 1e-9)
        XCTAssertEqual(day.maximum.high, 11.6, accuracy: 1e-9)
        XCTAssertEqual(day.precipitationChance, 0.6, "3 of 5 members have 0.1 mm or more")
        XCTAssertEqual(day.precipitation, 0.1, "the median amount")
        XCTAssertEqual(day.members, 5)
    }

    /// The odds on a hand-checked answer: five runs on two days. Day one: amounts 0, 0.05, 0.1,
    /// 2.5, 1 → 2 runs with 1 mm or more; lows 3 1 10 2 4 → no frost; highs 8 9 12 7 11 → none
    /// above 30; highs' 10th to 90th percentile 7.4…11.6 (4.2 °C) → medium. Day two: lows −1 −2
    /// 0 −0.5 3 → 3 below 0 (0 is not); highs 31 30 29 35 30.5 → 3 above 30 (30 is not); highs
    /// 29.4…33.4 (4 °C, medium); two runs under 1 mm.
    func testTheOddsCountRunsWithRainFrostAndHeatAndSayHowCloselyTheyAgree() throws {
        let data = Self.answer(
            days: ["2026-11-20", "2026-11-21"], minima: [[3, -1], [1, -2], [10, 0], [2, -0.5], [4, 3]],
            maxima: [[8, 31], [9, 30], [12, 29], [7, 35], [11, 30.5]], rain: [[0, 1], [0.05, 0], [0.1, 5], [2.5, 1.2], [1, 0.99]])
        let days = EnsembleMapper.days(try Self.decode(data))
        XCTAssertEqual(
            days.map(\.odds),
            [
                ModelOdds(runs: 5, rain: 2, frost: 0, heat: 0, confidence: .medium),
                ModelOdds(runs: 5, rain: 3, frost: 3, heat: 3, confidence: .medium),
            ])
        XCTAssertEqual(ModelOdds.Confidence(spread: 3), .high)
        XCTAssertEqual(ModelOdds.Confidence(spread: 6.5), .low)
        XCTAssertEqual(EnsembleMapper.forecastDays(days).map(\.odds), days.map(\.odds), "the outlook's rows carry them")
    }

    func testMembersWithNullsAreLeftOutAndAnEmptyDayIsDropped() throws {
        let data = Self.answer(
            days: ["2026-11-20", "2026-11-21"], minima: [[1, nil], [nil, nil], [3, nil]], maxima: [[5, nil], [6, nil], [7, nil]],
            rain: [[0, nil], [1, nil], [nil, nil]])
        let days = EnsembleMapper.days(try Self.decode(data))
        XCTAssertEqual(days.count, 1, "a day no member has is not shown")
        XCTAssertEqual(days[0].minimum.median, 2, "the null member is left out: median of 1 and 3")
        XCTAssertEqual(days[0].members, 2)
        XCTAssertEqual(days[0].precipitationChance, 0.5)
    }

    func testFewerDaysThanAskedAndImperialUnits() throws {
        let data = Self.answer(
            days: ["2026-11-20", "2026-11-21", "2026-11-22"], minima: [[32, 41, 50]], maxima: [[50, 59, 68]], rain: [[0, 0, 0]], units: "°F")
        let days = EnsembleMapper.days(try Self.decode(data))
        XCTAssertEqual(days.map(\.date.description), ["2026-11-20", "2026-11-21", "2026-11-22"])
        XCTAssertEqual(days.map(\.minimum.median), [0, 5, 10], "°F converted to °C")
        XCTAssertEqual(days.map(\.maximum.median), [10, 15, 20])
        let rows = EnsembleMapper.forecastDays(days)
        XCTAssertEqual(rows.map(\.maximum), [10, 15, 20])
        XCTAssertEqual(rows[0].precipitationProbability, 0)
    }

    func testTheShippedSampleHasThirtyOneMembersAndThirtyFiveDays() throws {
        let recording = try XCTUnwrap(Recording.load(repositoryFixtures.appendingPathComponent("openmeteo/ensemble-oslo.json")))
        let days = EnsembleMapper.days(try Self.decode(recording.body))
        XCTAssertEqual(days.count, 35)
        XCTAssertEqual(days.first?.members, 31)
        XCTAssertEqual(days.last?.members, 30, "one member stops two days early")
        XCTAssertTrue(days.allSatisfy { $0.minimum.low <= $0.minimum.median && $0.maximum.median <= $0.maximum.high })
    }

    /// The WHO's UV words at their edges (the index rounded, as the WHO reports it).
    func testTheUVIndexIsSaidInTheWHOsWords() {
        let words = [0, 2.4, 2.5, 5.4, 5.5, 7.4, 7.5, 10.4, 10.5].map(WeatherService.uvBand)
        XCTAssertEqual(words, ["low", "low", "moderate", "moderate", "high", "high", "very high", "very high", "extreme"])
    }
}
