import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness
@testable import Weather

/// The warning services' answers, in their documented shapes, served on a loopback server and
/// read through the real client and curl; then the rules a person relies on: only Actual
/// messages, an Update replacing what it references, a Cancel removing it, in force until
/// `ends` when the NWS says so, open-ended when DWD sends no `expires`.
final class OfficialWarningsTests: XCTestCase {
    private let capture = CapturedConsole()
    private let now = InstantText.parse("2024-03-05T12:00:00Z")!

    /// What the client gets from a loopback server sending `body` for `endpoint`'s provider.
    private func fetched<Response>(_ endpoint: Endpoint<Response>, _ body: String, variable: String) async throws -> (Response, [String]) {
        let server = try LoopbackServer { _ in .json(body) }
        let configuration = makeConfiguration(home: try makeTemporaryFolder(self), [variable: server.baseURL])
        let answer = try await makeClient(configuration, console: capture.console).fetch(endpoint)
        return (answer.value, server.receivedRequests.map(\.target))
    }

    func testMETNorwaysActualMessagesAreWarningsInTheirLevelsColour() async throws {
        let (answer, requests) = try await fetched(
            METNorway.alerts(latitude: 58.4, longitude: 5.9), WarningAnswers.metAlerts, variable: "ALMANAC_METNO_URL")
        XCTAssertEqual(requests, ["/weatherapi/metalerts/2.0/current.json?lat=58.4&lon=5.9&lang=en"])
        let warnings = OfficialWarnings.from(answer, now: now)
        XCTAssertEqual(warnings.map(\.id), ["2.49.0.1.578.0.20240305051538.094"], "the Test message is no warning")
        let gale = try XCTUnwrap(warnings.first)
        XCTAssertEqual(gale.event, "Gale")
        XCTAssertEqual(gale.severity, .moderate)
        XCTAssertEqual(gale.level, "yellow")
        XCTAssertEqual(gale.areas, ["Åna-Sira - Obrestad"])
        XCTAssertEqual(gale.expires, InstantText.parse("2024-03-05T15:00:00+00:00"))
        XCTAssertEqual(gale.instruction, "Consider leaving the boat in port.")
        XCTAssertTrue(gale.inForce(at: now))
        XCTAssertEqual(OfficialWarnings.from(answer, now: InstantText.parse("2024-03-05T15:00:00Z")!), [], "over at its end")
    }

    func testNWSUpdatesReplaceCancelsRemoveAndEndsOutlastsExpires() async throws {
        let (answer, requests) = try await fetched(
            NationalWeatherService.alerts(latitude: 39.7456, longitude: -97.0892), WarningAnswers.nwsAlerts, variable: "ALMANAC_NWS_URL")
        XCTAssertEqual(requests, ["/alerts/active?point=39.7456%2C-97.0892"], "the comma percent-encoded, as every query value")
        let warnings = OfficialWarnings.from(answer, now: now)
        XCTAssertEqual(warnings.map(\.id), ["urn:storm-2", "urn:wind-1"], "worst first; the replaced, cancelled and test messages gone")
        let storm = warnings[0]
        XCTAssertEqual(storm.event, "Winter Storm Warning")
        XCTAssertEqual(storm.severity, .severe)
        XCTAssertNil(storm.level, "the NWS has no colours")
        XCTAssertEqual(storm.areas, ["Northern Larimer County", "Rocky Mountain National Park"])
        XCTAssertEqual(storm.sender, "NWS Boulder CO")
        let wind = warnings[1]
        XCTAssertNil(wind.severity, "Unknown is no severity")
        XCTAssertEqual(wind.expires, InstantText.parse("2024-03-05T18:00:00-07:00"), "in force until ends, though expires has passed")
    }

    func testDWDThroughBrightSkyIsOpenEndedWithoutExpiresAndStepsByDWDsScale() async throws {
        let (answer, requests) = try await fetched(
            BrightSky.alerts(latitude: 51.34, longitude: 12.37), WarningAnswers.brightSkyAlerts, variable: "ALMANAC_BRIGHTSKY_URL")
        XCTAssertEqual(requests, ["/alerts?lat=51.34&lon=12.37"])
        let warnings = OfficialWarnings.from(answer, now: now)
        XCTAssertEqual(warnings.map(\.event), ["Storm", "Frost"], "worst first; the test message and the one over left out")
        XCTAssertEqual(warnings.map(\.level), ["red", "yellow"])
        XCTAssertNil(warnings[0].expires, "no expires: in force until DWD says otherwise")
        XCTAssertTrue(warnings[0].inForce(at: .distantFuture))
        XCTAssertEqual(warnings[1].areas, ["Stadt Leipzig"])
        XCTAssertEqual(warnings[1].headline, "Official WARNING of FROST")
        XCTAssertFalse(warnings[1].inForce(at: now), "announced: it starts later")
    }

    func testInstantsWithAnyOffsetAndNothingElse() {
        XCTAssertEqual(InstantText.parse("2024-03-05T15:00:00+01:00"), InstantText.parse("2024-03-05T14:00:00Z"))
        XCTAssertEqual(InstantText.parse("2023-08-22T07:35:00-05:00"), InstantText.parse("2023-08-22T12:35:00Z"))
        XCTAssertEqual(InstantText.parse("2024-03-05T15:00Z"), InstantText.parse("2024-03-05T15:00:00.250Z"))
        for bad in ["2024-03-05T15:00:00", "2024-02-30T15:00:00Z", "2024-03-05 15:00:00Z", "2024-03-05T25:00:00Z", "2024-03-05T15:00:00+1:00", ""] {
            XCTAssertNil(InstantText.parse(bad), bad)
        }
    }
}
