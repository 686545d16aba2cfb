import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// A forecast whose every number is `1e20` (a broken or hostile server): every weather view shows
/// it and exits 0, where the views once trapped converting it to a whole number.
final class HostileNumbersTests: XCTestCase {
    func testAForecastOfHugeNumbersIsShownNeverACrash() throws {
        let recording = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: repositoryFixtures.appendingPathComponent("metno/forecast-oslo.json")))
                as? [String: Any])
        let body = String(
            decoding: try JSONSerialization.data(withJSONObject: try XCTUnwrap(recording["response"] as? [String: Any])["body"]!), as: UTF8.self)
        // Every member's number (the timeseries' details) made 1e20; arrays (the coordinates) kept.
        let huge = body.replacingOccurrences(of: #"":-?[0-9][0-9.eE+-]*"#, with: #"":1e20"#, options: .regularExpression)
        XCTAssertNotEqual(huge, body)
        let met = try LoopbackServer { _ in .json(huge) }
        let environment = [
            "ALMANAC_METNO_URL": met.baseURL, "ALMANAC_OPENMETEO_ENSEMBLE_URL": "http://127.0.0.1:1",
            "ALMANAC_OPENMETEO_FORECAST_URL": "http://127.0.0.1:1", "ALMANAC_OPENMETEO_ARCHIVE_URL": "http://127.0.0.1:1",
        ]
        for arguments in [
            ["weather", "59.91,10.75"], ["weather", "59.91,10.75", "--format", "%t %f %h %w %p %P %H %L"], ["weather", "hourly", "59.91,10.75"],
            ["weather", "day", "59.91,10.75"],
        ] {
            let result = try runAlmanac(arguments + ["--timeout", "3"], home: try makeTemporaryFolder(self), environment: environment)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
            XCTAssertTrue(result.out.contains("1000000000000000") || result.out.contains("1,000,000,000,000,000"), "\(arguments): \(result.out)")
        }
    }
}
