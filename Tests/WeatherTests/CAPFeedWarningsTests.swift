import AlmanacClient
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// `weather warnings` for the countries whose services list CAP documents in a feed (India,
/// Russia, Kazakhstan, Macao), run in process against loopback services serving real CAP
/// messages recorded by other projects (`Tests/Recorded/cap`): a warning is a place's when its
/// polygon holds the place, whatever its area's name says; a notice that a signal is cancelled is
/// no warning; each document is asked of the service's own host.
final class CAPFeedWarningsTests: XCTestCase {
    /// A service serving `feed` at `index` and each recorded document at its own path.
    private func service(index: String, feed: String, documents: [String: String]) throws -> LoopbackServer {
        let bodies = try documents.mapValues { try RecordedAnswer("cap/" + $0).raw }
        return try LoopbackServer { request in
            if request.path == index { return .respond(status: 200, headers: ["Content-Type": "application/xml"], body: Data(feed.utf8), delay: 0) }
            guard let body = bodies[request.path] else { return .json("{}", status: 404) }
            return .respond(status: 200, headers: ["Content-Type": "application/xml"], body: Data(body.utf8), delay: 0)
        }
    }

    /// An Atom feed of one entry linking `link`.
    private func atom(_ link: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>CAP</title><entry><id>1</id><link href="\#(link)" type="application/cap+xml"/></entry></feed>"#
    }

    private func run(_ arguments: [String], _ variable: String, _ server: LoopbackServer, today: String) throws -> RunResult {
        try runAlmanac(
            ["weather", "warnings"] + arguments, home: try makeTemporaryFolder(self),
            environment: [variable: server.baseURL, "ALMANAC_TODAY": today])
    }

    /// IMD's recorded feed: Saurashtra's extremely heavy rain, whose area is misnamed "ODISHA",
    /// reaches Rajkot by its polygon and not Bhubaneswar, in Odisha, whose own warning was over.
    func testIndiaPlacesByThePolygonNotTheAreasName() throws {
        let imd = try service(
            index: "/in-imd-en/rss.xml", feed: try RecordedAnswer("cap/imd-rss.xml").raw,
            documents: [
                "/in-imd-en/2026-09-15-07-05-04.xml": "imd-2026-09-15-07-05-04.xml",
                "/in-imd-en/2026-09-09-07-24-34.xml": "imd-2026-09-09-07-24-34.xml",
            ])
        let rajkot = try run(["22.30,70.80"], "ALMANAC_IMD_URL", imd, today: "2026-09-15")
        XCTAssertEqual(rajkot.status, 0, rajkot.err)
        XCTAssertTrue(rajkot.out.contains("⚠ Severe — Extremely heavy"), rajkot.out)
        XCTAssertTrue(rajkot.out.contains("Isolated extremely rainfall likely over Saurashtra and Kutch"), rajkot.out)
        XCTAssertTrue(rajkot.out.contains("Issued by NWFC DIVISION, IMD, NEW DELHI"), rajkot.out)
        XCTAssertTrue(rajkot.out.contains("Warnings from the India Meteorological Department (public domain)"), rajkot.out)
        let bhubaneswar = try run(["20.30,85.82"], "ALMANAC_IMD_URL", imd, today: "2026-09-15")
        XCTAssertEqual(bhubaneswar.status, 0, bhubaneswar.err)
        XCTAssertTrue(bhubaneswar.out.contains("No official warning from IMD is in force or announced."), bhubaneswar.out)
        XCTAssertEqual(Set(imd.receivedRequests.map(\.path)).count, 3, "the feed and its two documents, from the service's host")
    }

    func testKazakhstansDistrictByItsPolygon() throws {
        let document = "/kazakhstan/cap-feed/en/2.49.0.0.398.0-20250306-133701-0284797-00-EN.xml"
        let server = try service(
            index: "/kazakhstan/cap-feed/en/atom.xml", feed: atom("https://meteoalert.meteoinfo.ru" + document),
            documents: [document: "kazhydromet-2.49.0.0.398.0-20250306-133701-0284797-00-EN.xml"])
        let kokpekti = try run(["48.75,82.37", "--json"], "ALMANAC_KAZHYDROMET_URL", server, today: "2025-03-06")
        XCTAssertEqual(kokpekti.status, 0, kokpekti.err)
        let document0 = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(kokpekti.out.utf8)) as? [String: Any], kokpekti.out)
        XCTAssertEqual(document0["service"] as? String, "kazhydromet")
        let warnings = try XCTUnwrap(document0["warnings"] as? [[String: Any]])
        XCTAssertEqual(warnings.map { $0["event"] as? String }, ["Freezing rain, icing"])
        XCTAssertEqual(warnings.first?["areas"] as? [String], ["Kokpekti district (Abai oblysy)"])
        XCTAssertEqual(warnings.first?["language"] as? String, "en-US")
        let almaty = try run(["43.24,76.95"], "ALMANAC_KAZHYDROMET_URL", server, today: "2025-03-06")
        XCTAssertTrue(almaty.out.contains("No official warning from Kazhydromet is in force or announced."), almaty.out)
    }

    /// Roshydromet's Chukotka wind warning, in Russian only (the first block is shown, with its
    /// language), whose polygons run to the 180th meridian.
    func testRussiasWarningInItsOwnLanguageByPolygon() throws {
        let document = "/hmc-output/cap/cap-feed/en/20250301222516-0086037.xml"
        let server = try service(
            index: "/hmc-output/cap/cap-feed/en/atom.xml", feed: atom("https://meteoinfo.ru" + document),
            documents: [document: "roshydromet-20250301222516-0086037.xml"])
        let chukotka = try run(["69.8,168.5", "--json"], "ALMANAC_ROSHYDROMET_URL", server, today: "2025-03-02")
        XCTAssertEqual(chukotka.status, 0, chukotka.err)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(chukotka.out.utf8)) as? [String: Any], chukotka.out)
        let warnings = try XCTUnwrap(json["warnings"] as? [[String: Any]])
        XCTAssertEqual(warnings.map { $0["event"] as? String }, ["Ветер"])
        XCTAssertEqual(warnings.first?["language"] as? String, "ru")
        let moscow = try run(["55.75,37.62"], "ALMANAC_ROSHYDROMET_URL", server, today: "2025-03-02")
        XCTAssertTrue(moscow.out.contains("No official warning from Roshydromet is in force or announced."), moscow.out)
    }

    /// Macao's monsoon signal cancelled: an Update with AllClear and urgency Past that names its
    /// own identifier — a notice, never a warning in force (and never one that removes itself).
    func testMacaosCancellationNoticeIsNoWarning() throws {
        let rss =
            #"<rss version="2.0"><channel><title>SMG</title><item><title>Monsoon</title><link>https://rss.smg.gov.mo/cap_monsoon.xml</link></item></channel></rss>"#
        let server = try service(index: "/cap_rss.xml", feed: rss, documents: ["/cap_monsoon.xml": "smg-cap_monsoon.xml"])
        let macao = try run(["22.19,113.54", "--json"], "ALMANAC_SMG_URL", server, today: "2025-04-13")
        XCTAssertEqual(macao.status, 0, macao.err)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(macao.out.utf8)) as? [String: Any], macao.out)
        XCTAssertEqual(json["service"] as? String, "smg")
        XCTAssertEqual(json["state"] as? String, "ok")
        XCTAssertEqual((json["warnings"] as? [Any])?.count, 0, macao.out)
        XCTAssertEqual((json["unplaced"] as? [Any])?.count, 0, macao.out)
    }

    /// A document the feed links that cannot be read is the service's failure: one line, exit 69,
    /// never the rest shown as the whole.
    func testADocumentThatCannotBeReadFailsTheRun() throws {
        let rss =
            #"<rss version="2.0"><channel><item><link>https://rss.smg.gov.mo/cap_monsoon.xml</link></item><item><link>/cap_gone.xml</link></item></channel></rss>"#
        let server = try service(index: "/cap_rss.xml", feed: rss, documents: ["/cap_monsoon.xml": "smg-cap_monsoon.xml"])
        let result = try run(["22.19,113.54"], "ALMANAC_SMG_URL", server, today: "2025-04-13")
        XCTAssertEqual(result.status, 69, result.out + result.err)
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
    }
}
