import AlmanacClient
import AlmanacCore
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import FrontKit
import TerminalKit
import XCTest

@testable import TestHarness
@testable import Weather
@testable import WeatherFront

/// The warnings where a person looks, run in process against loopback services: `%W` on a
/// status line (empty when none is in force), waybar's `warning-<level>` class, `almanac line`,
/// and the line under "now" (an announced warning with its start, in the level's colour).
final class WarningsEverywhereTests: XCTestCase {
    /// MET's host answering the alerts with `alerts` (and nothing else).
    private func environment(_ alerts: String) throws -> (environment: [String: String], met: LoopbackServer) {
        let met = try LoopbackServer { request in request.path.hasSuffix("/metalerts/2.0/current.json") ? .json(alerts) : .json("{}", status: 404) }
        return (["ALMANAC_METNO_URL": met.baseURL], met)
    }

    func testAStatusLineShowsTheWorstWarningInForceAndWaybarStylesIt() throws {
        let now = Date()
        let (environment, met) = try environment(WarningAnswers.gale(from: now.addingTimeInterval(-3600), until: now.addingTimeInterval(3 * 3600)))
        let home = try makeTemporaryFolder(self)
        let line = try runAlmanac(["weather", "58.4,5.9", "--format", "%W"], home: home, environment: environment)
        XCTAssertEqual(line.status, 0, line.err)
        XCTAssertEqual(line.out, "⚠ Yellow · Gale\n")
        let waybar = try runAlmanac(["weather", "58.4,5.9", "--format", "%W", "--waybar"], home: home, environment: environment)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(waybar.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["class"] as? String, "warning-yellow")
        XCTAssertTrue((object["tooltip"] as? String ?? "").contains("⚠ Yellow · Gale: Gale, yellow level"), "\(object)")
        let mixed = try runAlmanac(["line", "%W", "--place", "58.4,5.9", "--waybar"], home: home, environment: environment)
        XCTAssertTrue(mixed.out.contains(#""class":"warning-yellow""#), mixed.out + mixed.err)
        XCTAssertEqual(met.receivedRequests.count, 1, "a stored answer served the later lines")
        let plain = try runAlmanac(["weather", "58.4,5.9", "--format", "%l"], home: try makeTemporaryFolder(self), environment: environment)
        XCTAssertEqual(plain.status, 0, plain.err)
        XCTAssertEqual(met.receivedRequests.count, 1, "a line without %W asks for no warnings")
    }

    func testNothingInForceIsAnEmptyCodeAndTheConditionsClass() throws {
        let now = Date()
        let (environment, _) = try environment(WarningAnswers.gale(from: now.addingTimeInterval(3600), until: now.addingTimeInterval(5 * 3600)))
        let result = try runAlmanac(
            ["weather", "58.4,5.9", "--format", "[%W]", "--waybar"], home: try makeTemporaryFolder(self), environment: environment)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains(#""text":"[]""#), "announced, not in force: \(result.out)")
        XCTAssertFalse(result.out.contains("warning-"), result.out)
    }

    /// The NWS's own recorded answers (Tests/Recorded/nws), their instants placed around now: a
    /// warning the service cancelled, with its end still ahead, is on no bar and in no list; the
    /// advisory beside it (announced, starting later) is listed and not yet on the bar.
    func testACancelledWarningIsOnNoBarAndInNoList() throws {
        for (file, place, cancelled, listed) in [
            ("high-surf-warning-cancelled.json", "19.64,-155.99", "High Surf Warning", "High Surf Advisory"),
            ("extreme-heat-warning-cancelled.json", "45.94,-94.35", "Extreme Heat Warning", nil),
        ] {
            let body = try RecordedAnswer("nws/\(file)").text(at: Date())
            let nws = try LoopbackServer { _ in .json(body) }
            let environment = ["ALMANAC_NWS_URL": nws.baseURL]
            let home = try makeTemporaryFolder(self)
            let bar = try runAlmanac(["weather", place, "--format", "[%W]", "--waybar"], home: home, environment: environment)
            XCTAssertEqual(bar.status, 0, bar.err)
            XCTAssertTrue(bar.out.contains(#""text":"[]""#), "\(file): \(bar.out)")
            XCTAssertFalse(bar.out.contains("warning-"), "\(file): \(bar.out)")
            let list = try runAlmanac(["weather", "warnings", place], home: home, environment: environment)
            XCTAssertEqual(list.status, 0, list.err)
            XCTAssertFalse(list.out.contains(cancelled), "\(file): \(list.out)")
            XCTAssertFalse(list.out.contains("In force"), "\(file): \(list.out)")
            if let listed { XCTAssertTrue(list.out.contains("⚠ Minor — \(listed)"), list.out) }
        }
    }

    /// A place no warning service covers is unknown, never a quiet day: `%W` is the placeholder,
    /// waybar's class `warning-unknown` (not `unknown`, which says the forecast failed), the JSON's
    /// state `unsupported`; in a glance of several places each line carries its own mark.
    func testAPlaceNoServiceCoversIsUnknownNeverAQuietDay() throws {
        let home = try makeTemporaryFolder(self)
        // A live place search (a sample line's class is `sample` whatever it shows).
        let providers = try FixtureServer(fixtures: repositoryFixtures, redated: true)
        let bar = try runAlmanac(["line", "%W", "--place", "Tehran", "--waybar"], home: home, environment: providers.environment)
        XCTAssertEqual(bar.status, 0, bar.err)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bar.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["text"] as? String, "?")
        XCTAssertEqual(object["class"] as? String, "warning-unknown", bar.out)
        XCTAssertEqual(object["alt"] as? String, "", bar.out)
        let lines = try runAlmanac(["weather", "Oslo", "Tehran", "--format", "%l %W", "--offline"], home: home)
        XCTAssertEqual(lines.status, 0, lines.err)
        XCTAssertEqual(lines.out.split(separator: "\n").map(String.init), ["Oslo ⚠ Yellow · Snow (sample)", "Tehran ? (sample)"], lines.out)
        for (place, state) in [("Tehran", "unsupported"), ("Oslo", "ok"), ("Moscow", "ok")] {
            let json = try runAlmanac(["weather", "warnings", place, "--json", "--offline"], home: home)
            let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any], json.err)
            XCTAssertEqual(document["state"] as? String, state, place)
        }
    }

    /// A service that cannot be reached, with nothing kept, is unknown too: the placeholder and
    /// `warning-unknown`, never the empty "no warning".
    func testAServiceDownWithNothingKeptIsUnknown() throws {
        let home = try makeTemporaryFolder(self)
        let met = try LoopbackServer { _ in .json(#"{"error": "down"}"#, status: 503) }
        let bar = try runAlmanac(
            ["line", "%W", "--place", "58.4,5.9", "--waybar", "--timeout", "5"], home: home, environment: ["ALMANAC_METNO_URL": met.baseURL])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bar.out.utf8)) as? [String: Any], bar.out + bar.err)
        XCTAssertEqual(object["text"] as? String, "?", bar.out)
        XCTAssertEqual(object["class"] as? String, "warning-unknown", bar.out)
        XCTAssertFalse(met.receivedRequests.isEmpty, "MET was asked")
    }

    /// The line under "now": an announced warning says when it starts; in its level's colour.
    func testTheNowViewsLineSaysWhenAnAnnouncedWarningStarts() throws {
        let asOf = InstantText.parse("2024-03-05T12:00:00Z")!
        let warning = OfficialWarning(
            provider: "metno", id: "1", event: "Gale", severity: .severe, level: "orange", headline: "Gale warning",
            onset: InstantText.parse("2024-03-05T18:00:00Z"), expires: InstantText.parse("2024-03-06T06:00:00Z"), areas: [], sender: "MET Norway")
        let city = City(name: "Oslo", latitude: 59.91, longitude: 10.75, timeZoneIdentifier: "Europe/Oslo")
        let report = WarningsReport(city: city, service: .metNorway, warnings: [warning], provenance: nil, asOf: asOf)
        let format = WeatherFormat(settings: WeatherSettings(), timeZone: city.timeZone)
        let plain = NowNotes.warningLines(report, format: format, style: Style(enabled: false, unicode: true))
        XCTAssertEqual(plain, ["⚠ Orange · severe — Gale from Tue 5 Mar 2024, 19:00 until Wed 6 Mar 2024, 07:00, MET Norway (weather warnings)"])
        let painted = NowNotes.warningLines(report, format: format, style: Style(enabled: true, unicode: true))
        XCTAssertTrue(painted[0].contains("\u{1B}[38;5;208m"), "orange: \(painted)")
        let many = WarningsReport(city: city, service: .metNorway, warnings: Array(repeating: warning, count: 5), provenance: nil, asOf: asOf)
        XCTAssertEqual(NowNotes.warningLines(many, format: format, style: Style(enabled: false, unicode: true)).last, "and 2 more (weather warnings)")
    }
}
