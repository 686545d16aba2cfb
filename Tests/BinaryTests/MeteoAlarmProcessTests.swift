import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// A country's MeteoAlarm feed as a status bar and a person meet it, through the built program:
/// one process fetches the feed and keeps what can still be a warning; the next, for another
/// place in the country, asks again conditionally (the feed says `max-age=0, must-revalidate`
/// with an `ETag`), gets `304` and reads its place's warnings from what the first kept.
final class MeteoAlarmProcessTests: XCTestCase {
    func testTheNextProcessRevalidatesTheFeedAndReadsWhatTheFirstKept() throws {
        let feed = try RecordedAnswer("meteoalarm/bosnia-herzegovina.json").raw
        let server = try LoopbackServer { request in
            let headers = ["Content-Type": "application/json", "Cache-Control": "max-age=0, must-revalidate", "ETag": "\"bosnia-1\""]
            if request.header("If-None-Match") == "\"bosnia-1\"" { return .respond(status: 304, headers: headers, body: Data(), delay: 0) }
            return .respond(status: 200, headers: headers, body: Data(feed.utf8), delay: 0)
        }
        let home = try makeTemporaryFolder(self)
        let environment = ["ALMANAC_METEOALARM_URL": server.baseURL, "ALMANAC_TODAY": "2024-01-07", "ALMANAC_NO_SERVER": "1"]
        let banjaLuka = try runAlmanacBinary(["weather", "warnings", "44.772,17.191"], home: home, environment: environment)
        XCTAssertEqual(banjaLuka.status, 0, banjaLuka.err)
        XCTAssertTrue(banjaLuka.out.contains("Areas: Banja Luka\n"), banjaLuka.out)
        let sarajevo = try runAlmanacBinary(["weather", "warnings", "43.85,18.38", "--json"], home: home, environment: environment)
        XCTAssertEqual(sarajevo.status, 0, sarajevo.err)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarajevo.out.utf8)) as? [String: Any], sarajevo.out)
        let warnings = try XCTUnwrap(document["warnings"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(warnings.count, 2, "Sarajevo's, from the kept feed: \(sarajevo.out)")
        XCTAssertTrue(warnings.allSatisfy { $0["areas"] as? [String] == ["Sarajevo"] && $0["language"] as? String == "en" })
        let requests = server.receivedRequests
        XCTAssertEqual(requests.map(\.path), Array(repeating: "/api/v1/warnings/feeds-bosnia-herzegovina", count: 2))
        XCTAssertEqual(requests.last?.header("If-None-Match"), "\"bosnia-1\"", "asked conditionally")
        let kept = try FileManager.default.contentsOfDirectory(at: home.appendingPathComponent("cache"), includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("meteoalarm-") }
        XCTAssertEqual(kept.count, 1)
        let size = try XCTUnwrap(try kept.first?.resourceValues(forKeys: [.fileSizeKey]).fileSize)
        XCTAssertLessThan(size * 2, feed.utf8.count, "what can still be a warning, one language each")
    }
}
