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

    /// A CAP message in the shape MetService and the Hong Kong Observatory document (no recorded
    /// answer of theirs was found): one `info` in English, its area a polygon.
    private static func message(
        _ id: String, event: String, severity: String, colour: String?, area: String, polygon: String, onset: String, expires: String
    ) -> String {
        let parameter = colour.map { "<parameter><valueName>ColourCode</valueName><value>\($0)</value></parameter>" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <alert xmlns="urn:oasis:names:tc:emergency:cap:1.2"><identifier>\(id)</identifier><sender>sender@example.org</sender>
            <sent>\(onset)</sent><status>Actual</status><msgType>Alert</msgType><scope>Public</scope>
            <info><language>en</language><category>Met</category><event>\(event)</event><responseType>Prepare</responseType>
            <urgency>Expected</urgency><severity>\(severity)</severity><certainty>Likely</certainty><onset>\(onset)</onset>
            <expires>\(expires)</expires><headline>\(event)</headline><description>\(event) for \(area).</description>\(parameter)
            <area><areaDesc>\(area)</areaDesc><polygon>\(polygon)</polygon></area></info></alert>
            """
    }

    /// MetService's feed links each message as `/cap/alert?id=…`: the query is kept; its
    /// `ColourCode` is the level.
    func testNewZealandsWarningWithItsColourAndItsQuery() throws {
        let id = "2.49.0.0.554.0.severeweather.nz.20261120010000000.1"
        let rss =
            #"<rss version="2.0"><channel><title>MetService</title><item><title>Heavy Rain Warning - Orange</title><link>https://alerts.metservice.com/cap/alert?id=\#(id)</link></item></channel></rss>"#
        let cap = Self.message(
            id, event: "Heavy Rain Warning - Orange", severity: "Moderate", colour: "Orange", area: "Wellington Region",
            polygon: "-40.9,174.6 -40.9,175.4 -41.5,175.4 -41.5,174.6 -40.9,174.6", onset: "2026-11-20T01:00:00+13:00",
            expires: "2026-11-21T12:00:00+13:00")
        let server = try LoopbackServer { request in
            if request.path == "/cap/rss" { return .respond(status: 200, headers: [:], body: Data(rss.utf8), delay: 0) }
            guard request.path == "/cap/alert", request.queryValue("id") == id else { return .json("{}", status: 404) }
            return .respond(status: 200, headers: ["Content-Type": "application/xml"], body: Data(cap.utf8), delay: 0)
        }
        let wellington = try run(["-41.29,174.78"], "ALMANAC_METSERVICE_URL", server, today: "2026-11-20")
        XCTAssertEqual(wellington.status, 0, wellington.err)
        XCTAssertTrue(wellington.out.contains("⚠ Orange · moderate — Heavy Rain Warning - Orange"), wellington.out)
        XCTAssertTrue(wellington.out.contains("Issued by MetService"), wellington.out)
        XCTAssertTrue(wellington.out.contains("(CC BY 4.0)"), wellington.out)
        let auckland = try run(["-36.85,174.76"], "ALMANAC_METSERVICE_URL", server, today: "2026-11-20")
        XCTAssertTrue(auckland.out.contains("No official warning from MetService is in force or announced."), auckland.out)
    }

    func testHongKongsSignalFromItsAtomFeed() throws {
        let feed = atom("https://alerts.weather.gov.hk/V1/cap_rainstorm.xml")
        let cap = Self.message(
            "HKO-RAINSTORM-2026-11-20-1", event: "Amber Rainstorm Warning Signal", severity: "Moderate", colour: nil, area: "Hong Kong",
            polygon: "22.15,113.82 22.15,114.45 22.57,114.45 22.57,113.82 22.15,113.82", onset: "2026-11-20T08:00:00+08:00",
            expires: "2026-11-21T08:00:00+08:00")
        let server = try LoopbackServer { request in
            switch request.path {
            case "/V1/cap_atom.xml": .respond(status: 200, headers: [:], body: Data(feed.utf8), delay: 0)
            case "/V1/cap_rainstorm.xml": .respond(status: 200, headers: [:], body: Data(cap.utf8), delay: 0)
            default: .json("{}", status: 404)
            }
        }
        let kowloon = try run(["22.32,114.17", "--json"], "ALMANAC_HKO_URL", server, today: "2026-11-20")
        XCTAssertEqual(kowloon.status, 0, kowloon.err)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(kowloon.out.utf8)) as? [String: Any], kowloon.out)
        XCTAssertEqual(json["service"] as? String, "hko")
        XCTAssertEqual((json["warnings"] as? [[String: Any]])?.map { $0["event"] as? String }, ["Amber Rainstorm Warning Signal"])
    }
}
