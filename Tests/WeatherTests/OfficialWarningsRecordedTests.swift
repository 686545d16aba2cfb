import AlmanacClient
import AlmanacCore
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness
@testable import Weather

/// The NWS's own recorded answers (Tests/Recorded/nws): messages that cancel, replace or let a
/// warning expire come as ordinary Alerts and Updates, and one answer may hold a message twice.
/// Served on a loopback server and read through the real client and curl.
final class OfficialWarningsRecordedTests: XCTestCase {
    private let capture = CapturedConsole()
    private let now = sampleRecordingInstant

    /// The warnings read from a recorded answer, its instants placed around `now`.
    private func warnings(_ file: String) async throws -> [OfficialWarning] {
        let body = try RecordedAnswer("nws/\(file)").text(at: now)
        let server = try LoopbackServer { _ in .json(body) }
        let configuration = makeConfiguration(home: try makeTemporaryFolder(self), ["ALMANAC_NWS_URL": server.baseURL])
        let answer = try await makeClient(configuration, console: capture.console).fetch(
            NationalWeatherService.alerts(latitude: 31.4, longitude: -86))
        return OfficialWarnings.from(answer.value, now: now)
    }

    func testAReplacedWatchGivesWayToTheWarningThatReplacedIt() async throws {
        let warnings = try await warnings("freeze-watch-replaced.json")
        XCTAssertEqual(warnings.map(\.event), ["Freeze Warning"], "the Freeze Watch was upgraded (UPG, urgency Past): no warning")
    }

    func testACancelledWarningIsNoWarningThoughItsEndIsAhead() async throws {
        let heat = try await warnings("extreme-heat-warning-cancelled.json")
        XCTAssertEqual(heat, [], "Past, AllClear, CAN: nothing is in force")
        let surf = try await warnings("high-surf-warning-cancelled.json")
        XCTAssertEqual(surf.map(\.event), ["High Surf Advisory"], "the advisory stands; the warning it cancelled does not")
    }

    func testAnExpiringAdvisoryIsLeftForTheNewOne() async throws {
        let warnings = try await warnings("small-craft-advisory-expiring.json")
        XCTAssertEqual(warnings.count, 1, "the Update saying the last advisory expires (EXP) is none")
        XCTAssertEqual(warnings.first?.event, "Small Craft Advisory")
        XCTAssertFalse(warnings.first?.inForce(at: now) ?? true, "the new one starts later")
    }

    func testAMessageTheAnswerHoldsTwiceIsShownOnce() async throws {
        let warnings = try await warnings("air-quality-alert-twice.json")
        XCTAssertEqual(warnings.map(\.event), ["Air Quality Alert"])
    }

    /// One message may both upgrade a watch and issue the warning (`UPG` and `NEW`): it is the
    /// new warning; a message whose every action ends one is none.
    func testAMessageThatAlsoIssuesAWarningIsOne() {
        let upgrade = "/O.UPG.KBOU.WS.A.0003.251216T0600Z-251217T0000Z/"
        XCTAssertFalse(OfficialWarnings.endsAWarning(vtec: [upgrade, "/O.NEW.KBOU.WS.W.0005.251216T0600Z-251217T0000Z/"]))
        XCTAssertTrue(OfficialWarnings.endsAWarning(vtec: [upgrade, "/O.CAN.KBOU.WW.Y.0009.000000T0000Z-251216T0600Z/"]))
        XCTAssertFalse(OfficialWarnings.endsAWarning(type: "Alert", urgency: "Expected", response: "Prepare", vtec: []))
    }

    /// MET Norway and DWD send their ending messages as CAP does: a Cancel, urgency Past,
    /// response AllClear.
    func testMETAndDWDMessagesThatEndAWarningAreNone() throws {
        XCTAssertTrue(OfficialWarnings.endsAWarning(type: "Cancel"))
        XCTAssertTrue(OfficialWarnings.endsAWarning(urgency: "past", response: "prepare"))
        XCTAssertTrue(OfficialWarnings.endsAWarning(response: "allclear"))
        XCTAssertFalse(OfficialWarnings.endsAWarning(type: "Update", urgency: "future", response: "prepare"))
        let dwd = WarningAnswers.brightSkyAlerts.replacingOccurrences(
            of: #""response_type": "prepare""#, with: #""response_type": "allclear""#)
        let answer = try JSONDecoder().decode(BrightSkyDTO.Alerts.self, from: Data(dwd.utf8))
        XCTAssertEqual(OfficialWarnings.from(answer, now: InstantText.parse("2024-03-05T12:00:00Z")!).map(\.event), ["Storm"], "the frost was lifted")
        let met = WarningAnswers.metAlerts.replacingOccurrences(of: #""type": "Update""#, with: #""type": "Cancel""#)
        XCTAssertEqual(OfficialWarnings.from(try JSONDecoder().decode(METNorwayDTO.Alerts.self, from: Data(met.utf8)), now: now), [])
    }
}
