import AlmanacClient
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// `weather warnings` for MeteoAlarm's countries end to end, run in process against a loopback
/// MeteoAlarm serving real feeds recorded by another project (`Tests/Recorded/meteoalarm`): a
/// place gets the warnings of the areas that hold it, a country's feed is never its list, the
/// feed is one request for every place in the country, and a feed of thousands of entries reads
/// the same. Each run's day is the recording's (`ALMANAC_TODAY`), never the clock's.
final class MeteoAlarmWarningsTests: XCTestCase {
    private static let banjaLuka = "44.772,17.191"
    private static let sarajevo = "43.85,18.38"
    private static let zagreb = "45.815,15.982"

    private func meteoAlarm(_ file: String, headers: [String: String] = [:]) throws -> LoopbackServer {
        let body = try RecordedAnswer("meteoalarm/" + file).raw
        return try LoopbackServer { request in
            request.path == "/api/v1/warnings/feeds-" + file.dropLast(5) ? .json(body, headers: headers) : .json("{}", status: 404)
        }
    }

    private func run(_ arguments: [String], _ server: LoopbackServer, today: String, home: URL? = nil) throws -> RunResult {
        try runAlmanac(
            ["weather", "warnings"] + arguments, home: try home ?? makeTemporaryFolder(self),
            environment: ["ALMANAC_METEOALARM_URL": server.baseURL, "ALMANAC_TODAY": today])
    }

    func testAPlaceGetsOnlyTheWarningsOfTheAreaHoldingIt() throws {
        let server = try meteoAlarm("bosnia-herzegovina.json")
        // 7 January 2024: Banja Luka's snow-ice warning for the 8th (and the 7th's, until 23:00 UTC).
        let result = try run([Self.banjaLuka], server, today: "2024-01-07")
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("⚠ Yellow · moderate — Snow-ice Yellow Warning"), result.out)
        XCTAssertTrue(result.out.contains("Areas: Banja Luka\n"), result.out)
        for elsewhere in ["Sarajevo", "Tuzla", "Bihac", "Prijedor", "Not placed"] {
            XCTAssertFalse(result.out.contains(elsewhere), "\(elsewhere) is not Banja Luka's: \(result.out)")
        }
        XCTAssertTrue(result.out.contains("Warnings from MeteoAlarm: data provided by EUMETNET members"), result.out)
        XCTAssertEqual(server.receivedRequests.map(\.path), ["/api/v1/warnings/feeds-bosnia-herzegovina"])
        let json = try run([Self.banjaLuka, "--json"], server, today: "2024-01-07")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any], json.out)
        XCTAssertEqual(document["service"] as? String, "meteoalarm")
        XCTAssertEqual(document["state"] as? String, "ok")
        let warnings = try XCTUnwrap(document["warnings"] as? [[String: Any]])
        XCTAssertTrue((1...2).contains(warnings.count), "\(warnings)")
        XCTAssertTrue(warnings.contains { ($0["id"] as? String)?.hasSuffix("240106124119.24618961") == true }, "\(warnings)")
        XCTAssertTrue(warnings.allSatisfy { $0["language"] as? String == "en" && $0["areas"] as? [String] == ["Banja Luka"] })
        XCTAssertEqual((document["unplaced"] as? [Any])?.count, 0)
    }

    func testZagrebGetsItsRegionsWarningsAndNoneOfTheCoasts() throws {
        let server = try meteoAlarm("croatia.json")
        let result = try run([Self.zagreb], server, today: "2024-01-07")
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("Areas: Zagreb region\n"), result.out)
        XCTAssertFalse(result.out.contains("Dalmatia") || result.out.contains("Not placed"), result.out)
        XCTAssertTrue(result.out.contains("Issued by DHMZ"), result.out)
    }

    /// An area code MeteoAlarm's geocodes lack (members send codes newer than the file: Croatia's
    /// HR018 and on, reportedly) cannot be placed: its warnings are listed apart, never as the
    /// place's, and `%W` stays empty.
    func testAnAreaThatCannotBePlacedIsListedApartAndNeverAsThePlaces() throws {
        let feed = try RecordedAnswer("meteoalarm/croatia.json").raw.replacingOccurrences(of: "\"HR002\"", with: "\"HR018\"")
        let server = try LoopbackServer { _ in .json(feed) }
        let result = try run([Self.zagreb], server, today: "2024-01-07")
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("No official warning from DHMZ (through MeteoAlarm) is in force or announced."), result.out)
        XCTAssertTrue(result.out.contains(" more for Croatia in areas Almanac cannot place, so not said to be here:"), result.out)
        XCTAssertTrue(result.out.contains("(Zagreb region)"), result.out)
        XCTAssertFalse(result.out.contains("⚠") || result.out.contains("Dalmatia"), "never as Zagreb's, and no coast's: \(result.out)")
        let json = try run([Self.zagreb, "--json"], server, today: "2024-01-07")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any], json.out)
        XCTAssertEqual((document["warnings"] as? [Any])?.count, 0)
        let unplaced = try XCTUnwrap(document["unplaced"] as? [[String: Any]])
        XCTAssertFalse(unplaced.isEmpty)
        XCTAssertTrue(unplaced.allSatisfy { $0["language"] as? String == "en-GB" && $0["areas"] as? [String] == ["Zagreb region"] })
        let bar = try runAlmanac(
            ["weather", Self.zagreb, "--format", "[%W]"], home: try makeTemporaryFolder(self),
            environment: ["ALMANAC_METEOALARM_URL": server.baseURL, "ALMANAC_TODAY": "2024-01-07"])
        XCTAssertEqual(bar.out, "[]\n", "known, and none placed here: \(bar.err)")
    }

    func testEveryPlaceInACountryIsOneRequestForItsFeed() throws {
        let server = try meteoAlarm("bosnia-herzegovina.json", headers: ["Cache-Control": "max-age=300"])
        let home = try makeTemporaryFolder(self)
        let both = try run([Self.banjaLuka, Self.sarajevo], server, today: "2024-01-07", home: home)
        XCTAssertEqual(both.status, 0, both.err)
        XCTAssertTrue(both.out.contains("Areas: Sarajevo"), both.out)
        let later = try run([Self.sarajevo], server, today: "2024-01-07", home: home)
        XCTAssertEqual(later.status, 0, later.err)
        XCTAssertEqual(server.receivedRequests.count, 1, "one feed, fetched once, kept by its own freshness")
    }

    func testAFeedOfThousandsOfEntriesReadsTheSame() throws {
        let recorded = try RecordedAnswer("meteoalarm/bosnia-herzegovina.json").raw
        var feed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(recorded.utf8)) as? [String: Any])
        let entries = try XCTUnwrap(feed["warnings"] as? [[String: Any]])
        // 4,400 more: each message again under another identifier, over a year before.
        let past = (1...200).flatMap { copy in
            entries.map { entry -> [String: Any] in
                var alert = entry["alert"] as? [String: Any] ?? [:]
                alert["identifier"] = "\(alert["identifier"] ?? "").past\(copy)"
                alert["info"] = (alert["info"] as? [[String: Any]] ?? []).map {
                    $0.merging(["expires": "2022-12-31T00:00:00+01:00"]) { _, new in new }
                }
                return ["alert": alert, "uuid": UUID().uuidString]
            }
        }
        feed["warnings"] = past + entries
        let body = String(decoding: try JSONSerialization.data(withJSONObject: feed), as: UTF8.self)
        let large = try LoopbackServer { _ in .json(body) }
        let small = try meteoAlarm("bosnia-herzegovina.json")
        let (many, few) = (
            try run([Self.sarajevo, "--json"], large, today: "2024-01-08"), try run([Self.sarajevo, "--json"], small, today: "2024-01-08")
        )
        XCTAssertEqual(many.status, 0, many.err)
        let ids = { (out: String) in
            ((try? JSONSerialization.jsonObject(with: Data(out.utf8))) as? [String: Any])?["warnings"].flatMap { $0 as? [[String: Any]] }?.compactMap
            { $0["id"] as? String }
        }
        XCTAssertEqual(ids(many.out), ids(few.out))
        XCTAssertEqual(ids(many.out)?.count ?? 0 >= 2, true, "Sarajevo's low-temperature warnings: \(many.out)")
    }

    /// A member's text is the service's exactly in `--json` and inert on a terminal: an escape
    /// sequence that would retitle the window or clear the screen is shown, never obeyed.
    func testAHostileTextIsExactInJSONAndInertInTheView() throws {
        let hostile = #"Snow\u001b]0;pwned\u0007\u001b[2J"#
        let feed = try RecordedAnswer("meteoalarm/bosnia-herzegovina.json").raw.replacingOccurrences(
            of: "\"Snow-ice Yellow Warning\"", with: "\"\(hostile)\"")
        let server = try LoopbackServer { _ in .json(feed) }
        let text = try run([Self.banjaLuka], server, today: "2024-01-07")
        XCTAssertEqual(text.status, 0, text.err)
        XCTAssertFalse(text.out.contains("\u{1B}") || text.out.contains("\u{07}"), "nothing obeyed: \(text.out.debugDescription)")
        XCTAssertTrue(text.out.contains("Snow␛]0;pwned"), text.out)
        let json = try run([Self.banjaLuka, "--json"], server, today: "2024-01-07")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any], json.out)
        let events = (document["warnings"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String }
        XCTAssertTrue(events.contains("Snow\u{1B}]0;pwned\u{07}\u{1B}[2J"), "exact: \(events)")
    }

    /// The sample's London: its wind warning on the bar, with the level's class, as the three
    /// first services' are.
    func testTheSampleWarningIsOnTheBarWithItsLevel() throws {
        let home = try makeTemporaryFolder(self)
        let line = try runAlmanac(["weather", "London", "--format", "%W", "--offline"], home: home, environment: ["ALMANAC_TODAY": "2026-11-20"])
        XCTAssertEqual(line.out, "⚠ Yellow · Yellow wind warning (sample)\n", line.err)
        let waybar = try runAlmanac(
            ["weather", "London", "--format", "%W", "--waybar", "--offline"], home: home, environment: ["ALMANAC_TODAY": "2026-11-20"])
        XCTAssertTrue(waybar.out.contains("warning-yellow") || waybar.out.contains(#""class":"sample""#), waybar.out)
    }
}
