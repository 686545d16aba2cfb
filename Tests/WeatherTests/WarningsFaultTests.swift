import AlmanacClient
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// The three warning services under faults, each command run in process: an error status, a reset
/// connection, a body cut short, an HTML page, a JSON of the wrong shape, a server that never
/// answers. Each ends within the command's timeout with one line on stderr and exit 69 — never a
/// crash, never a warning made up — and a stored answer is shown, labelled, when there is one.
final class WarningsFaultTests: XCTestCase {
    /// A place each service covers, by coordinates, and the variable of its base URL.
    private static let services: [(place: String, variable: String)] = [
        ("58.4,5.9", "ALMANAC_METNO_URL"), ("39.7456,-97.0892", "ALMANAC_NWS_URL"), ("51.34,12.37", "ALMANAC_BRIGHTSKY_URL"),
        ("44.772,17.191", "ALMANAC_METEOALARM_URL"), ("45.4215,-75.6972", "ALMANAC_ECCC_URL"), ("22.19,113.54", "ALMANAC_SMG_URL"),
    ]

    private static let faults: [(name: String, action: ServerAction)] = [
        ("500", .json(#"{"title": "Unexpected Problem"}"#, status: 500)), ("reset", .reset),
        ("truncated", .truncated(declaredLength: 4000, body: Data(#"{"features": [{"properties": {"#.utf8))),
        ("html", .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>Down for maintenance</html>".utf8), delay: 0)),
        ("wrong shape", .json(#"{"features": "none", "alerts": 3}"#)), ("hang", .hang(seconds: 30)),
    ]

    func testEveryServiceUnderEveryFaultEndsWithOneLineAndExit69() throws {
        for service in Self.services {
            for fault in Self.faults {
                let server = try LoopbackServer { _ in fault.action }
                let started = Date()
                let result = try runAlmanac(
                    ["weather", "warnings", service.place, "--timeout", "1"], home: try makeTemporaryFolder(self),
                    environment: [service.variable: server.baseURL])
                let what = "\(service.variable) \(fault.name)"
                XCTAssertEqual(result.status, 69, "\(what): \(result.out)\(result.err)")
                XCTAssertEqual(result.err.split(separator: "\n").count, 1, "\(what): \(result.err)")
                XCTAssertFalse(result.out.contains("⚠"), what)
                XCTAssertLessThan(Date().timeIntervalSince(started), 8, what)
            }
        }
    }

    func testAStoredAnswerStandsWhenTheServiceFailsLater() throws {
        let home = try makeTemporaryFolder(self)
        let good = try LoopbackServer { _ in .json(WarningAnswers.nwsAlerts, headers: ["Cache-Control": "max-age=0"]) }
        let first = try runAlmanac(
            ["weather", "warnings", "39.7456,-97.0892"], home: home,
            environment: ["ALMANAC_NWS_URL": good.baseURL, "ALMANAC_TODAY": "2024-03-05"])
        XCTAssertEqual(first.status, 0, first.err)
        let failing = try LoopbackServer { _ in .json("{}", status: 503) }
        let later = try runAlmanac(
            ["weather", "warnings", "39.7456,-97.0892"], home: home,
            environment: ["ALMANAC_NWS_URL": failing.baseURL, "ALMANAC_TODAY": "2024-03-05"])
        XCTAssertEqual(later.status, 0, later.err)
        XCTAssertTrue(later.out.contains("Winter Storm Warning"), later.out)
        XCTAssertTrue(later.out.contains("Source: cache"), "labelled as stored: \(later.out)")
    }
}
