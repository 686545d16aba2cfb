import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacProviders

/// The forecast read straight from the JSON tree equals what Foundation's decoder makes of it,
/// and a step that is not one fails as the containers fail, naming the member.
final class METNorwayDTOTests: XCTestCase {
    private let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/metno")

    func testEveryRecordedForecastReadsAsFoundationReadsIt() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("forecast-") }
        XCTAssertGreaterThanOrEqual(names.count, 8)
        for name in names {
            let recording = try Data(contentsOf: folder.appendingPathComponent(name))
            let body = try XCTUnwrap(JSONSpan.value(at: ["response", "body"], in: recording), name)
            let tree = try JSONDecoding.decode(METNorwayDTO.Forecast.self, from: body, endpoint: "metno.locationforecast")
            XCTAssertEqual(tree, try JSONDecoder().decode(METNorwayDTO.Forecast.self, from: body), name)
            XCTAssertGreaterThan(tree.properties.timeseries.count, 40, name)
        }
    }

    func testOddButValidMembersReadTheSame() throws {
        let body = #"""
            {"properties": {"meta": null, "timeseries": [
              {"time": "2026-11-20T09:00:00Z", "data": {"instant": {"details": {"air_temperature": 3, "wind_speed": null, "extra": [1]}},
               "next_1_hours": {"summary": {"symbol_code": "rain"}, "details": {}}, "next_6_hours": null},
               "time": "ignored: the first value counts"},
              {"time": "2026-11-20T10:00:00Z", "data": {}}
            ]}}
            """#
        let data = Data(body.utf8)
        let tree = try JSONDecoding.decode(METNorwayDTO.Forecast.self, from: data, endpoint: "metno.locationforecast")
        XCTAssertEqual(tree.properties.timeseries.first?.data.instant?.details?.air_temperature, 3)
        XCTAssertEqual(tree.properties.timeseries.first?.time, "2026-11-20T09:00:00Z")
        XCTAssertEqual(
            tree.properties.timeseries.map(\.time), try JSONDecoder().decode(METNorwayDTO.Forecast.self, from: data).properties.timeseries.map(\.time)
        )
    }

    func testProviderTextStaysInert() throws {
        let body =
            #"{"properties": {"timeseries": [{"time": "\u001b]0;x\u0007", "data": {"next_1_hours": {"summary": {"symbol_code": "\u001b[2J"}}}}]}}"#
        let step = try XCTUnwrap(
            try JSONDecoding.decode(METNorwayDTO.Forecast.self, from: Data(body.utf8), endpoint: "m").properties.timeseries.first)
        XCTAssertFalse(step.time.contains("\u{1b}"), step.time)
        XCTAssertFalse(step.data.next_1_hours?.summary?.symbol_code?.contains("\u{1b}") ?? true)
    }

    func testAStepThatIsNotOneNamesItsMember() {
        let bad = [
            (#"{"properties": {"timeseries": [{"time": "t", "data": {"instant": {"details": {"air_temperature": "warm"}}}}]}}"#, "air_temperature"),
            (#"{"properties": {"timeseries": [{"data": {}}]}}"#, "time"),
            (#"{"properties": {"timeseries": [{"time": "t", "data": {"next_1_hours": {"summary": {"symbol_code": 7}}}}]}}"#, "symbol_code"),
            (#"{"properties": {"timeseries": {}}}"#, "timeseries"),
        ]
        for (json, member) in bad {
            XCTAssertThrowsError(try JSONDecoding.decode(METNorwayDTO.Forecast.self, from: Data(json.utf8), endpoint: "metno.locationforecast")) {
                XCTAssertTrue("\($0)".contains(member), "\($0)")
            }
        }
    }
}
