import AlmanacClient
import AlmanacCore
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacKit
@testable import Crypto
@testable import TestHarness
@testable import Weather

/// The library's facade, as `Examples/forecast` uses it: the sample data offline, labelled so.
final class AlmanacFacadeTests: XCTestCase {
    func testAForecastFromTheSampleDataSaysSo() async throws {
        let home = try makeTemporaryFolder(self)
        let almanac = Almanac(
            environment: ["ALMANAC_HOME": home.path, "ALMANAC_FIXTURES": repositoryFixtures.path, "ALMANAC_TODAY": "2026-11-26"], offline: true)
        let forecast = try await almanac.forecast(for: "Moscow", days: 3)
        XCTAssertEqual(forecast.source, .sample)
        XCTAssertEqual(forecast.days.count, 3)
        XCTAssertTrue(forecast.place.hasPrefix("Moscow"), forecast.place)
        // The sample's days are the recording's, whatever the date.
        XCTAssertEqual(forecast.days.first?.date, "2026-11-20")
    }

    func testPricesFromTheSampleWatchlist() async throws {
        let home = try makeTemporaryFolder(self)
        let almanac = Almanac(environment: ["ALMANAC_HOME": home.path, "ALMANAC_FIXTURES": repositoryFixtures.path], offline: true)
        let prices = try await almanac.prices()
        XCTAssertFalse(prices.isEmpty)
        XCTAssertTrue(prices.allSatisfy { $0.source == .sample && $0.price != nil }, "\(prices.map(\.symbol))")
    }
}
