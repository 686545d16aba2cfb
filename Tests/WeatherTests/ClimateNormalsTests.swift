import AlmanacCore
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness
@testable import Weather

/// The climate normals from an archive answer: each calendar day's mean and usual range over the
/// days within a week either side, gaps left out, the year's end wrapped, 29 February its own day.
final class ClimateNormalsTests: XCTestCase {
    /// An archive answer of `days` (`YYYY-MM-DD`, high, low, rain); nil values are the gaps.
    private func archive(_ days: [(String, Double?, Double?, Double?)]) throws -> OpenMeteoDTO.Archive {
        let text = { (values: [Double?]) in values.map { $0.map { String($0) } ?? "null" }.joined(separator: ",") }
        let json =
            #"{"daily": {"time": [\#(days.map { "\"\($0.0)\"" }.joined(separator: ","))], "temperature_2m_max": [\#(text(days.map(\.1)))], "temperature_2m_min": [\#(text(days.map(\.2)))], "precipitation_sum": [\#(text(days.map(\.3)))]}}"#
        return try JSONDecoder().decode(OpenMeteoDTO.Archive.self, from: Data(json.utf8))
    }

    /// Three years of 20 November alone: highs 1, 2, 9 → mean 4, 10th percentile 1.2, 90th 7.6
    /// (numpy's linear rule); a gap in the lows counts as nothing; 13 November is within the
    /// window of 20 November and 28 November is not.
    func testADaysMeanAndUsualRangeFromTheYearsAroundIt() throws {
        let normals = ClimateNormals.from(
            try archive([
                ("1991-11-20", 1, -3, 0), ("1992-11-20", 2, nil, 4), ("1993-11-20", 9, -1, 2),
            ]))
        let day = try XCTUnwrap(normals.day(LocalDate("2026-11-20")!))
        XCTAssertEqual(day.high.mean, 4, accuracy: 1e-9)
        XCTAssertEqual(day.high.low, 1.2, accuracy: 1e-9)
        XCTAssertEqual(day.high.high, 7.6, accuracy: 1e-9)
        XCTAssertEqual(day.low.mean, -2, accuracy: 1e-9, "the gap left out")
        XCTAssertEqual(day.precipitation.mean, 2, accuracy: 1e-9)
        XCTAssertNotNil(normals.day(LocalDate("2026-11-13")!), "a week before")
        XCTAssertNil(normals.day(LocalDate("2026-11-28")!), "more than a week after: no year's values")
        XCTAssertEqual(normals.period, "1991–2020")
    }

    func testTheYearsEndWrapsAndTheTwentyNinthOfFebruaryIsItsOwnDay() throws {
        let normals = ClimateNormals.from(try archive([("1991-12-30", 3, 0, 0), ("1992-02-29", 7, 1, 0)]))
        XCTAssertEqual(normals.day(LocalDate("2027-01-04")!)?.high.mean, 3, "30 December counts for 4 January")
        XCTAssertEqual(normals.day(LocalDate("2028-02-29")!)?.high.mean, 7)
        XCTAssertEqual(normals.day(LocalDate("2027-03-01")!)?.high.mean, 7, "and for the week around it")
    }

    /// The cache keeps the normals, a row a calendar day, not 30 years of days; they read back the same.
    func testTheKeptFormIsTheNormalsThemselves() throws {
        let body = try RecordedAnswer("../../Fixtures/openmeteo/archive-moscow.json").raw
        let response = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])["response"] as? [String: Any]
        let answer = try JSONSerialization.data(withJSONObject: try XCTUnwrap(response?["body"]))
        let endpoint = ClimateNormals.endpoint(latitude: 55.7558, longitude: 37.6173)
        let kept = endpoint.keptForm(of: answer)
        let normals = try endpoint.decode(answer)
        let reread = try endpoint.decode(kept)
        XCTAssertEqual(reread.period, "1991–2020")
        XCTAssertEqual(reread.days.map { [$0.month, $0.day] }, normals.days.map { [$0.month, $0.day] })
        for (mine, theirs) in zip(reread.days, normals.days) {
            for path in [\ClimateNormals.Day.high, \.low, \.precipitation] {
                XCTAssertEqual(mine[keyPath: path].mean, theirs[keyPath: path].mean, accuracy: 0.005)
                XCTAssertEqual(mine[keyPath: path].low, theirs[keyPath: path].low, accuracy: 0.005)
                XCTAssertEqual(mine[keyPath: path].high, theirs[keyPath: path].high, accuracy: 0.005)
            }
        }
        XCTAssertEqual(normals.days.count, 43, "the sample's 29 days a year and a week either side, one row each, whatever the years")
        XCTAssertLessThan(kept.count, answer.count / 4)
        let damaged = String(decoding: kept, as: UTF8.self).replacingOccurrences(of: "\"low\":[", with: "\"low\":[null,")
        XCTAssertThrowsError(try endpoint.decode(Data(damaged.utf8)), "a kept form with a hole is not read as normals")
        let huge = String(decoding: kept, as: UTF8.self).replacingOccurrences(of: "\"high\":[", with: "\"high\":[5000,")
        let trimmed = huge.replacingOccurrences(of: #",[-0-9.]+\],"low""#, with: #"],"low""#, options: .regularExpression)
        XCTAssertThrowsError(try endpoint.decode(Data(trimmed.utf8)), "a number no day has is not read as normals")
        let empty = Data("{}".utf8)
        XCTAssertEqual(endpoint.keptForm(of: empty), empty, "only an archive answer becomes normals")
        let rows = try JSONEncoder().encode(normals)  // what the cache kept before the columns: still read
        XCTAssertEqual(try endpoint.decode(rows), normals)
    }

    /// The now view and the forecast say the day against its normal in one line.
    func testTheNowViewAndTheForecastSayTheDayAgainstItsNormal() throws {
        let home = try makeTemporaryFolder(self)
        for command in [["weather", "Moscow"], ["weather", "forecast", "Moscow"]] {
            let result = try runAlmanac(command, home: home)
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertTrue(result.out.contains("3°C warmer than usual for 20 Nov (usual high −2°C, range −6°C to 2°C, 1991–2020)"), result.out)
            XCTAssertTrue(result.out.contains("normals 1991–2020 from Open-Meteo's archive (ERA5)"), result.out)
            XCTAssertNil(result.out.range(of: #"\brecords?\b"#, options: [.regularExpression, .caseInsensitive]), "never a record")
        }
    }

    /// `weather normals`: the month's days with the forecast's highs on the band, every number in
    /// `--json`; an archive that cannot be reached, with nothing kept or recorded for the place, is one
    /// line and exit 69.
    func testTheNormalsViewJSONAndAnArchiveThatIsDown() throws {
        let home = try makeTemporaryFolder(self)
        let text = try runAlmanac(["weather", "normals", "Moscow"], home: home)
        XCTAssertEqual(text.status, 0, text.err)
        let friday = try XCTUnwrap(text.out.split(separator: "\n").first { $0.hasPrefix("Fri 20 Nov") }, text.out)
        XCTAssertTrue(friday.contains("−2°C") && friday.contains("1°C") && friday.contains("●"), String(friday))
        let json = try runAlmanac(["weather", "normals", "Moscow", "--json"], home: home)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any], json.out)
        XCTAssertEqual(document["period"] as? String, "1991–2020")
        let day = try XCTUnwrap((document["days"] as? [[String: Any]])?.first { $0["date"] as? String == "2026-11-20" })
        XCTAssertEqual(day["forecastHigh"] as? Double, 1)
        XCTAssertNotNil((day["high"] as? [String: Any])?["mean"] as? Double)
        let down = try runAlmanac(
            ["weather", "normals", "10.0,10.0", "--timeout", "2"], home: try makeTemporaryFolder(self),
            environment: ["ALMANAC_OPENMETEO_ARCHIVE_URL": "http://127.0.0.1:1"])
        XCTAssertEqual(down.status, 69, down.out + down.err)
        XCTAssertEqual(down.err.split(separator: "\n").count, 1, down.err)
    }

    /// The month's highs so far come from the archive: marked `○` on the band and in `--json`;
    /// the normals' own request (1991–2020) and this month's are told apart by their dates.
    func testThisMonthsObservedHighsAreOnTheBand() throws {
        let sample = try RecordedAnswer("../../Fixtures/openmeteo/archive-moscow.json").raw
        let normals = String(
            decoding: try JSONSerialization.data(
                withJSONObject: try XCTUnwrap(
                    (JSONSerialization.jsonObject(with: Data(sample.utf8)) as? [String: Any])?["response"] as? [String: Any])["body"]!),
            as: UTF8.self)
        let recent =
            #"{"daily": {"time": ["2026-11-18", "2026-11-19"], "temperature_2m_max": [4.5, null], "temperature_2m_min": [-1, null], "precipitation_sum": [0, null]}}"#
        let archive = try LoopbackServer { request in .json(request.queryValue("start_date") == "1991-01-01" ? normals : recent) }
        let home = try makeTemporaryFolder(self)
        let environment = ["ALMANAC_OPENMETEO_ARCHIVE_URL": archive.baseURL]
        let text = try runAlmanac(["weather", "normals", "Moscow"], home: home, environment: environment)
        XCTAssertEqual(text.status, 0, text.err)
        let wednesday = try XCTUnwrap(text.out.split(separator: "\n").first { $0.hasPrefix("Wed 18 Nov") }, text.out)
        XCTAssertTrue(wednesday.contains("5°C") && wednesday.contains("○"), String(wednesday))
        XCTAssertEqual(archive.receivedRequests.last?.queryValue("end_date"), "2026-11-19", "the month so far, to yesterday")
        let json = try runAlmanac(["weather", "normals", "Moscow", "--json"], home: home, environment: environment)
        let days = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])?["days"] as? [[String: Any]])
        XCTAssertEqual(days.first { $0["date"] as? String == "2026-11-18" }?["observedHigh"] as? Double, 4.5)
        XCTAssertNil(days.first { $0["date"] as? String == "2026-11-19" }?["observedHigh"] as? Double, "a day the archive has not reached")
    }

    /// `--year`: a row a month the normals cover (the sample's archive reaches late October to
    /// early December), its usual high the mean of its days'; `--json` every covered day.
    func testTheYearARowAMonth() throws {
        let home = try makeTemporaryFolder(self)
        let text = try runAlmanac(["weather", "normals", "Moscow", "--year"], home: home)
        XCTAssertEqual(text.status, 0, text.err)
        let months = text.out.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { LocalDate.monthNames.contains($0) }
        XCTAssertEqual(months, ["October", "November", "December"], text.out)
        let json = try runAlmanac(["weather", "normals", "Moscow", "--year", "--json"], home: home)
        let days = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])?["days"] as? [[String: Any]])
        XCTAssertEqual(days.count, 43, "every covered day of the year, once")
    }

    /// Real archive answers (`Tests/Recorded/openmeteo-archive`: ERA5 as Open-Meteo sent it, three
    /// January days at four Norwegian places, the grid's own coordinates and `GMT`): each day
    /// within a week of them gets the three days' band; the observed highs are the answer's own.
    func testRealArchiveAnswersFromTheRecordings() throws {
        let expected: [(file: String, high: Double, low: Double, rain: Double)] = [
            ("bergen", (8.3 + 8.2 + 8.9) / 3, (6.9 + 7.6 + 6.4) / 3, (13.2 + 5.6 + 4.0) / 3),
            ("oslo", (2.8 + 3.2 + 4.8) / 3, (-3.6 + 1.3 + 1.4) / 3, (0.1 + 0 + 0.3) / 3),
            ("svalbard", (-11.0 - 12.3 - 12.1) / 3, (-13.6 - 13.1 - 15.1) / 3, (0.4 + 5.7 + 4.7) / 3),
            ("tromso", (6.5 + 7.1 + 8.6) / 3, (2.7 + 5.8 + 6.2) / 3, (23.7 + 21.1 + 18.8) / 3),
        ]
        for place in expected {
            let body = Data(try RecordedAnswer("openmeteo-archive/\(place.file)-2025-01-15.json").raw.utf8)
            let normals = try ClimateNormals.endpoint(latitude: 60, longitude: 5).decode(body)
            XCTAssertEqual(normals.days.count, 17, "\(place.file): 8 to 24 January")
            let day = try XCTUnwrap(normals.day(try XCTUnwrap(LocalDate("2031-01-16"))), place.file)
            XCTAssertEqual(day.high.mean, place.high, accuracy: 1e-9, place.file)
            XCTAssertEqual(day.low.mean, place.low, accuracy: 1e-9, place.file)
            XCTAssertEqual(day.precipitation.mean, place.rain, accuracy: 1e-9, place.file)
            XCTAssertNil(normals.day(try XCTUnwrap(LocalDate("2031-01-25"))), "\(place.file): beyond the window")
            let observed = ClimateNormals.observedHighs(
                latitude: 60, longitude: 5, from: try XCTUnwrap(LocalDate("2025-01-01")), to: try XCTUnwrap(LocalDate("2025-01-16")))
            XCTAssertEqual(try observed.decode(body).count, 2, "\(place.file): the 15th and 16th, not the 17th")
        }
    }

    /// The normals are what `weather normals` asks for: with the forecast down (MET answering 503
    /// for a place the sample data does not hold) they are shown alone, a note says why, exit 0.
    /// Served the real Bergen answer of `Tests/Recorded/openmeteo-archive` through loopback.
    func testTheNormalsWithoutAForecast() throws {
        let body = try RecordedAnswer("openmeteo-archive/bergen-2025-01-15.json").raw
        let archive = try LoopbackServer { _ in .json(body) }
        let met = try LoopbackServer { _ in .json(#"{"error": "down"}"#, status: 503) }
        let environment = [
            "ALMANAC_OPENMETEO_ARCHIVE_URL": archive.baseURL, "ALMANAC_METNO_URL": met.baseURL, "ALMANAC_TODAY": "2025-01-16",
            "ALMANAC_OPENMETEO_ENSEMBLE_URL": "http://127.0.0.1:1", "ALMANAC_OPENMETEO_FORECAST_URL": "http://127.0.0.1:1",
        ]
        let result = try runAlmanac(
            ["weather", "normals", "60.39,5.32", "--year", "--timeout", "3"], home: try makeTemporaryFolder(self), environment: environment)
        XCTAssertEqual(result.status, 0, result.err)
        let rows = result.out.split(separator: "\n").filter { LocalDate.monthNames.contains(String($0.split(separator: " ").first ?? "")) }
        XCTAssertEqual(rows.count, 1, "January alone: \(result.out)")
        XCTAssertTrue(
            rows.first?.hasPrefix("January") == true && rows.first?.contains("8°C") == true, "the three days' usual high, 8.5 °C: \(result.out)")
        XCTAssertTrue(result.err.hasPrefix("note: no forecast to set against the normals: "), result.err)
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
    }
}
