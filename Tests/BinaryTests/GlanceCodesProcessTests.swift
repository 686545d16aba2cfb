import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// The glance codes that read the ensemble and the normals (`%R`, `%+`), as a status bar meets
/// them, through the built program: the first process asks the providers and the cache keeps the
/// outlook's days and the normals, not the 31 members nor the 30 years; the next run, with every
/// provider down, says the same from what was kept.
final class GlanceCodesProcessTests: XCTestCase {
    func testTheNextRunReadsTheKeptOutlookAndNormals() throws {
        let home = try makeTemporaryFolder(self)
        let live = try FixtureServer(fixtures: repositoryFixtures, redated: true)
        let arguments = ["weather", "Moscow", "--format", "%H %L %R %+ %U"]
        let environment = ["ALMANAC_TODAY": "2026-11-20", "ALMANAC_NO_SERVER": "1"]
        let first = try runAlmanacBinary(arguments, home: home, environment: environment.merging(live.environment) { _, new in new })
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(first.out, "+1°C -5°C 8/31 +3° 14:14\n", first.err)
        for (prefix, fixture) in [("openmeteo-ensemble-", "ensemble-moscow.json"), ("openmeteo-archive-", "archive-moscow.json")] {
            let kept = try FileManager.default.contentsOfDirectory(at: home.appendingPathComponent("cache"), includingPropertiesForKeys: nil)
                .filter { $0.lastPathComponent.hasPrefix(prefix) }
            XCTAssertEqual(kept.count, 1, prefix)
            let size = try XCTUnwrap(try kept.first?.resourceValues(forKeys: [.fileSizeKey]).fileSize)
            let answer = try Data(contentsOf: repositoryFixtures.appendingPathComponent("openmeteo/\(fixture)")).count
            XCTAssertLessThan(size * 2, answer, "\(prefix): the days, not the answer")
        }
        let down = try LoopbackServer { _ in .json(#"{"error": "down"}"#, status: 503) }
        let urls = Dictionary(uniqueKeysWithValues: live.environment.keys.map { ($0, down.baseURL) })
        let second = try runAlmanacBinary(arguments, home: home, environment: environment.merging(urls) { _, new in new })
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertEqual(second.out, first.out, second.err)
        XCTAssertTrue(down.receivedRequests.isEmpty, "every answer still fresh: \(down.receivedRequests.map(\.path))")
    }
}
