import AlmanacProviders
import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import AlmanacProgram
@testable import TerminalKit
@testable import TestHarness
@testable import Weather

/// Loads the Weather tab no longer shows are cancelled: their transfers stop.
final class WeatherTabTests: XCTestCase {
    /// MET Norway hangs for Moscow and answers for London: sliding from Moscow to London, and
    /// leaving the tab, close the connections still waiting (the loopback server sees them go).
    func testSlidingAwayFromACityAndLeavingTheTabStopItsTransfers() async throws {
        let hanging = Mutex(false)  // from when both cities are saved
        let server = try FixtureServer(fixtures: AppHarness.fixtures) { provider, request in
            guard hanging.withLock({ $0 }), provider == .metNorway, request.queryValue("lat")?.hasPrefix("55.") == true else { return nil }
            return .hang(seconds: 20)
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-weather-tab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let (app, context) = try AppHarness(home: home).makeApp(live: server.environment)
        for city in ["Moscow", "London"] { _ = try await WeatherService(context: context.app).addCity(city, pick: 1, chooser: nil) }
        try FileManager.default.removeItem(at: context.app.configuration.paths.cache)  // Moscow's forecast from the network
        hanging.withLock { $0 = true }
        let asked = server.server.receivedRequests.count
        app.select(0)
        XCTAssertTrue(
            waitUntil(seconds: 5) { server.server.receivedRequests.dropFirst(asked).contains { $0.path.hasPrefix("/metno") } },
            "Moscow's forecast was asked for")
        _ = app.apply(.right)
        XCTAssertTrue(waitUntil(seconds: 5) { server.server.closedByClient >= 1 }, "Moscow's transfer stopped once London was shown")
        XCTAssertTrue(AppHarness.settle(app), "London's loads landed")
        XCTAssertTrue(app.frame(columns: 160, rows: 50).joined(separator: "\n").contains("London"))
        // Counted from here: the first visit's forecast and nowcast would satisfy the wait at once,
        // and the tab could be left before the new transfers even started.
        let beforeReturning = server.server.receivedRequests.count
        _ = app.apply(.left)
        XCTAssertTrue(
            waitUntil(seconds: 5) { server.server.receivedRequests.dropFirst(beforeReturning).contains { $0.target.contains("lat=55.") } },
            "asked again")
        let closed = server.server.closedByClient
        _ = app.apply(.character("3"))
        XCTAssertTrue(waitUntil(seconds: 5) { server.server.closedByClient > closed }, "leaving the tab stopped Moscow's transfer")
    }

    /// The air at moderate or worse is said under the conditions (docs/weather.md, "Air quality").
    func testTheAirIsSaidWhenItMatters() async throws {
        let server = try FixtureServer(fixtures: AppHarness.fixtures)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-weather-tab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let (app, context) = try AppHarness(home: home).makeApp(live: server.environment)
        _ = try await WeatherService(context: context.app).addCity("Moscow", pick: 1, chooser: nil)
        app.select(0)
        XCTAssertTrue(
            waitUntil(seconds: 10) { app.frame(columns: 160, rows: 50).joined(separator: "\n").contains("Air: European AQI 45, moderate") },
            app.frame(columns: 160, rows: 50).joined(separator: "\n"))
    }
}
