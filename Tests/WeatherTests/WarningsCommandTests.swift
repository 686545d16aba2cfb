import AlmanacClient
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// `weather warnings` end to end, run in process against loopback services in their
/// documented shapes: the service picked by the place's country (the shipped outlines', for
/// coordinates),
/// the warnings worst first in the place's clock, `--json`, a place no service covers, a service
/// that cannot be reached.
final class WarningsCommandTests: XCTestCase {
    /// Runs on 5 March 2024 (the answers' day) at the clock's time of day, unless `today` is nil.
    private func run(_ arguments: [String], _ environment: [String: String], today: String? = "2024-03-05") throws -> RunResult {
        try runAlmanac(
            arguments, home: try makeTemporaryFolder(self), environment: environment.merging(today.map { ["ALMANAC_TODAY": $0] } ?? [:]) { a, _ in a }
        )
    }

    func testANorwegianPlaceGetsMETNorwaysWarningsInItsClock() throws {
        // MET's gale, moved to run from an hour ago until three hours from now.
        let (start, end) = (Date().addingTimeInterval(-3600), Date().addingTimeInterval(3 * 3600))
        let stamp = { (date: Date) in ISO8601DateFormatter().string(from: date).replacingOccurrences(of: "Z", with: "+00:00") }
        let answer = WarningAnswers.metAlerts.replacingOccurrences(of: "2024-03-04T17:00:00+00:00", with: stamp(start))
            .replacingOccurrences(of: "2024-03-05T15:00:00+00:00", with: stamp(end))
        let met = try LoopbackServer { _ in .json(answer) }
        let oslo = DateFormatter()
        (oslo.locale, oslo.timeZone, oslo.dateFormat) = (
            Locale(identifier: "en_US_POSIX"), TimeZone(identifier: "Europe/Oslo"), "EEE d MMM yyyy, HH:mm"
        )
        let result = try run(
            ["weather", "warnings", "58.4,5.9"], ["ALMANAC_METNO_URL": met.baseURL], today: nil)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("⚠ Yellow · moderate — Gale"), result.out)
        XCTAssertTrue(
            result.out.contains("In force since \(oslo.string(from: start)) until \(oslo.string(from: end))"), "in Oslo's clock: \(result.out)")
        XCTAssertTrue(result.out.contains("What to do: Consider leaving the boat in port."), result.out)
        XCTAssertTrue(result.out.contains("Data from MET Norway (CC BY 4.0)"), result.out)
        XCTAssertFalse(result.out.contains("Test"), "a Test message is never shown: \(result.out)")
        XCTAssertEqual(met.receivedRequests.map { $0.path }, ["/weatherapi/metalerts/2.0/current.json"])
    }

    func testJSONCarriesTheWarningsInUTCWithTheSourceFields() throws {
        let nws = try LoopbackServer { _ in .json(WarningAnswers.nwsAlerts) }
        let result = try run(
            ["weather", "warnings", "39.7456,-97.0892", "--json"], ["ALMANAC_NWS_URL": nws.baseURL])
        XCTAssertEqual(result.status, 0, result.err)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        XCTAssertEqual(document["service"] as? String, "nws")
        XCTAssertEqual(document["source"] as? String, "live")
        let warnings = try XCTUnwrap(document["warnings"] as? [[String: Any]])
        XCTAssertEqual(warnings.map { $0["id"] as? String }, ["urn:storm-2", "urn:wind-1"])
        XCTAssertEqual(warnings[1]["expires"] as? String, "2024-03-06T01:00:00Z", "ends, in UTC")
        XCTAssertTrue(warnings[1]["severity"] is NSNull, "Unknown is null")
        XCTAssertTrue(warnings[0]["level"] is NSNull, "the NWS has no colours")
    }

    func testSeveralPlacesInOrderAndInOneJSONDocument() throws {
        let nws = try LoopbackServer { _ in .json(WarningAnswers.nwsAlerts) }
        let environment = ["ALMANAC_NWS_URL": nws.baseURL]
        let text = try run(["weather", "warnings", "39.7456,-97.0892", "35.69,51.39"], environment)
        XCTAssertEqual(text.status, 0, text.err)
        let storm = try XCTUnwrap(text.out.range(of: "Winter Storm Warning"), text.out)
        let russia = try XCTUnwrap(text.out.range(of: "No official warning service is wired for"), text.out)
        XCTAssertLessThan(storm.lowerBound, russia.lowerBound, "in the order given")
        let json = try run(["weather", "warnings", "39.7456,-97.0892", "35.69,51.39", "--json"], environment)
        XCTAssertEqual(json.status, 0, json.err)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let places = try XCTUnwrap(document["places"] as? [[String: Any]], json.out)
        XCTAssertEqual(places.map { $0["service"] as? String }, ["nws", nil])
    }

    /// Several places with `--json` are one document whose places each carry their answer or
    /// their error; the command then ends with the first failure (`weather` and `weather warnings`).
    func testSeveralPlacesWithJSONCarryEachPlacesErrorNotNothing() throws {
        for command in [["weather"], ["weather", "warnings"]] {
            let result = try run(command + ["Oslo", "Atlantis", "--json", "--offline"], [:], today: "2026-11-20")
            assertOneLineError(result, status: 64, contains: #"No place called "Atlantis" was found"#)
            let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(command): \(result.out)")
            let places = try XCTUnwrap(document["places"] as? [[String: Any]])
            XCTAssertEqual(places.count, 2)
            XCTAssertEqual(places[0]["source"] as? String, "sample", "Oslo answered: \(places[0])")
            XCTAssertEqual(places[1]["query"] as? String, "Atlantis")
            XCTAssertTrue((places[1]["error"] as? String ?? "").hasPrefix("No place called"), "\(places[1])")
        }
    }

    func testAPlaceNoServiceCoversGetsOneSentenceAndExitsZero() throws {
        let result = try run(["weather", "warnings", "35.69,51.39"], [:])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("No official warning service is wired for"), result.out)
        XCTAssertFalse(result.out.contains("⚠"), "never a warning made up from the forecast")
    }

    func testBrightSkysNotCoveredIsNoServiceAndAnUnreachableServiceExits69() throws {
        let notCovered = try LoopbackServer { _ in .json(#"{"detail": "Not Found"}"#, status: 404) }
        let covered = try run(
            ["weather", "warnings", "54.9,8.3"], ["ALMANAC_BRIGHTSKY_URL": notCovered.baseURL])
        XCTAssertEqual(covered.status, 0, covered.err)
        XCTAssertTrue(covered.out.contains("No official warning service is wired for"), covered.out)
        let down = try run(
            ["weather", "warnings", "51.34,12.37"], ["ALMANAC_BRIGHTSKY_URL": "http://127.0.0.1:1"])
        XCTAssertEqual(down.status, 69, down.out + down.err)
        XCTAssertEqual(down.err.split(separator: "\n").count, 1, down.err)
    }

    /// Coordinates go by the outline holding them, not by their clock: Basel keeps Berlin's
    /// time but is Swiss, so MeteoAlarm's Swiss feed is asked; Lörrach, 10 km away, asks DWD's.
    func testCoordinatesGoByTheCountryHoldingThemNotTheirClock() throws {
        let brightSky = try LoopbackServer { _ in .json(#"{"alerts": [], "location": {"warn_cell_id": 808336000}}"#) }
        let meteoAlarm = try LoopbackServer { _ in .json(#"{"warnings": []}"#) }
        let environment = ["ALMANAC_BRIGHTSKY_URL": brightSky.baseURL, "ALMANAC_METEOALARM_URL": meteoAlarm.baseURL]
        let basel = try run(["weather", "warnings", "47.5596,7.5886"], environment)
        XCTAssertEqual(basel.status, 0, basel.err)
        XCTAssertTrue(basel.out.contains("No official warning from MeteoSwiss (through MeteoAlarm) is in force"), basel.out)
        XCTAssertTrue(brightSky.receivedRequests.isEmpty, "Basel is not Germany's")
        XCTAssertEqual(meteoAlarm.receivedRequests.map { $0.path }, ["/api/v1/warnings/feeds-switzerland"])
        let loerrach = try run(["weather", "warnings", "47.6779,7.8170"], environment)
        XCTAssertEqual(loerrach.status, 0, loerrach.err)
        XCTAssertFalse(loerrach.out.contains("No official warning service"), loerrach.out)
        XCTAssertEqual(brightSky.receivedRequests.map { $0.path }, ["/alerts"])
    }
}
