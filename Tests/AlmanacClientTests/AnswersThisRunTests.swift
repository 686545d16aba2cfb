import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// An answer a server gave this run answers the rest of the run, whatever its headers then say
/// (docs/architecture.md §4): a response stale on arrival, or a stored `must-revalidate` answer
/// a `304` without `Date` confirmed. The next run judges it by its headers again, as does a later
/// request of a session (no run deadline: the app, a watch).
final class AnswersThisRunTests: XCTestCase {
    struct Answer: Decodable, Sendable { var n: Int }

    private let capture = CapturedConsole()
    private let endpoint = Endpoint<Answer>(
        RequestDescriptor(provider: .openWeather, name: "openweather.weather", path: "/data/2.5/weather", query: [QueryItem("lat", "1")], ttl: 600))

    /// A one-shot command's configuration: bounded by a run deadline.
    private func configuration(_ server: LoopbackServer, oneShot: Bool = true) throws -> Configuration {
        var configuration = makeConfiguration(
            home: try makeTemporaryFolder(self), ["ALMANAC_OPENWEATHER_URL": server.baseURL, "OPENWEATHER_API_KEY": "OW-1"])
        if oneShot { configuration.bound(from: Date()) }
        return configuration
    }

    func testAnAnswerStaleOnArrivalAnswersItsRunAndTheNextRunAsksAgain() async throws {
        let clock = ManualClock()
        let server = try LoopbackServer { _ in
            let lines = [
                ("Expires", HTTPDate.format(clock.now().addingTimeInterval(300))), ("Date", HTTPDate.format(clock.now().addingTimeInterval(400))),
            ]
            return .respondLines(status: 200, lines: [("Content-Type", "application/json")] + lines, body: Data(#"{"n":1}"#.utf8))
        }
        let configuration = try configuration(server)
        let run = makeClient(configuration, console: capture.console, clock: clock)
        let first = try await run.fetch(endpoint)
        XCTAssertEqual(first.origin, .live)
        let again = try await run.fetch(endpoint)
        XCTAssertEqual(again.origin, .cache, "the run's own answer")
        XCTAssertFalse(again.stale)
        XCTAssertEqual(run.answers.peek(endpoint)?.stale, false)
        XCTAssertEqual(server.receivedRequests.count, 1)
        let nextRun = try await makeClient(configuration, console: capture.console, clock: clock).fetch(endpoint)
        XCTAssertEqual(nextRun.origin, .live, "a new run asks")
        XCTAssertEqual(server.receivedRequests.count, 2)
    }

    func testA304WithoutDateConfirmsAMustRevalidateAnswerForTheRestOfTheRun() async throws {
        let clock = ManualClock()
        let server = try LoopbackServer { request in
            guard request.header("If-None-Match") == nil else { return .respondLines(status: 304, lines: [], body: Data()) }
            let lines = [
                ("Cache-Control", "must-revalidate"), ("Expires", HTTPDate.format(clock.now().addingTimeInterval(2))),
                ("Date", HTTPDate.format(clock.now())), ("ETag", "\"mr\""),
            ]
            return .respondLines(status: 200, lines: [("Content-Type", "application/json")] + lines, body: Data(#"{"n":1}"#.utf8))
        }
        let configuration = try configuration(server)
        _ = try await makeClient(configuration, console: capture.console, clock: clock).fetch(endpoint)
        clock.advance(by: 3)
        let run = makeClient(configuration, console: capture.console, clock: clock)
        let confirmed = try await run.fetch(endpoint)
        XCTAssertEqual(confirmed.value.n, 1, "confirmed by the 304")
        XCTAssertNotNil(run.answers.peek(endpoint), "the confirmed answer, though its merged Expires is past")
        let again = try await run.fetch(endpoint)
        XCTAssertEqual(again.origin, .cache)
        XCTAssertEqual(server.receivedRequests.count, 2, "asked once this run")
        _ = try await makeClient(configuration, console: capture.console, clock: clock).fetch(endpoint)
        XCTAssertEqual(server.receivedRequests.count, 3, "the next run asks again: must-revalidate and past its Expires")
    }

    /// A session (the app, a watch: no run deadline) asks again on each later request.
    func testASessionJudgesEachLaterRequestByTheHeaders() async throws {
        let clock = ManualClock()
        let server = try LoopbackServer { _ in
            .respondLines(status: 200, lines: [("Content-Type", "application/json"), ("Cache-Control", "max-age=0")], body: Data(#"{"n":1}"#.utf8))
        }
        let session = makeClient(try configuration(server, oneShot: false), console: capture.console, clock: clock)
        for _ in 0..<2 { _ = try await session.fetch(endpoint) }
        XCTAssertEqual(server.receivedRequests.count, 2)
    }
}
