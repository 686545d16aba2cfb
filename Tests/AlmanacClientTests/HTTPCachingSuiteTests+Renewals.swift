import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// The suite's `update304` cases that apply, and a stored answer's fields after a `304`.
extension HTTPCachingSuiteTests {
    /// One of the suite's `update304` cases: a first answer, a pause of 3 s, a conditional request
    /// the server answers `304` with `renewal`, then a third request at once.
    struct RenewalCase {
        var id: String
        var kind: HTTPCachingSuite.Kind
        var first: [(String, String)]
        var renewal: [(String, String)]
    }

    /// The `update304` cases about what this cache keeps — freshness fields and validators (it
    /// keeps no other header, docs/data.md): after the `304` the answer is fresh again (cached).
    static let renewals: [RenewalCase] = [
        RenewalCase(
            id: "304-etag-update-response-Cache-Control", kind: .required, first: [("Cache-Control", "max-age=1"), ("ETag", "\"cc-1\"")],
            renewal: [("Cache-Control", "max-age=3600"), ("ETag", "\"cc-1\"")]),
        RenewalCase(
            id: "304-etag-update-response-Expires", kind: .check,
            first: [("Expires", "Fri, 01 Jan 2038 01:01:01 GMT"), ("Cache-Control", "max-age=2"), ("ETag", "\"ex-1\"")],
            renewal: [("Expires", "Mon, 11 Jan 2038 11:11:11 GMT"), ("Cache-Control", "max-age=2"), ("ETag", "\"ex-1\"")]),
        RenewalCase(
            id: "304-etag-update-response-ETag", kind: .check, first: [("ETag", "\"abcdef\""), ("Cache-Control", "max-age=2")],
            renewal: [("ETag", "\"ghijkl\""), ("Cache-Control", "max-age=2")]),
        RenewalCase(
            id: "304-lm-use-stored-Test-Header", kind: .required,
            first: [("Cache-Control", "max-age=2"), ("Last-Modified", "Wed, 01 Jan 2020 00:00:00 GMT")],
            renewal: [("Last-Modified", "Wed, 01 Jan 2020 00:00:00 GMT")]),
    ]

    /// A server answering `first` (with `Date`), then `304` with `renewal` to a conditional request.
    private func renewingServer(_ first: [(String, String)], _ renewal: [(String, String)], clock: ManualClock) throws -> LoopbackServer {
        try LoopbackServer { request in
            let date = ("Date", HTTPDate.format(clock.now()))
            if request.header("If-None-Match") != nil || request.header("If-Modified-Since") != nil {
                return .respondLines(status: 304, lines: [date] + renewal, body: Data())
            }
            return .respondLines(status: 200, lines: [("Content-Type", "application/json"), date] + first, body: Data(#"{"n":1}"#.utf8))
        }
    }

    func testTheUpdate304CasesThatApply() async throws {
        for renewal in Self.renewals {
            let clock = ManualClock()
            let server = try renewingServer(renewal.first, renewal.renewal, clock: clock)
            let configuration = makeConfiguration(
                home: try makeTemporaryFolder(self), ["ALMANAC_OPENWEATHER_URL": server.baseURL, "OPENWEATHER_API_KEY": "OW-1"])
            _ = try await makeClient(configuration, console: capture.console, clock: clock).fetch(endpoint)
            clock.advance(by: 3)
            let second = try await makeClient(configuration, console: capture.console, clock: clock).fetch(endpoint)
            XCTAssertEqual(second.origin, .live, renewal.id)
            let conditional = server.receivedRequests.last.map { $0.header("If-None-Match") != nil || $0.header("If-Modified-Since") != nil }
            XCTAssertEqual(conditional, true, "\(renewal.id): validated")
            let third = try await makeClient(configuration, console: capture.console, clock: clock).fetch(endpoint)
            XCTAssertEqual(third.origin, .cache, "\(renewal.id): fresh again after the 304")
            XCTAssertEqual(server.receivedRequests.count, 2, renewal.id)
        }
    }

    /// A `304` that sends no `Cache-Control` keeps the stored `max-age=2` (RFC 9111 §4.3.4): 3 s
    /// later the answer is stale again — it used to fall back to the endpoint's 10 minutes.
    func testA304WithoutFreshnessFieldsKeepsTheStoredOnes() async throws {
        let clock = ManualClock()
        let lastModified = ("Last-Modified", "Wed, 01 Jan 2020 00:00:00 GMT")
        let server = try renewingServer([("Cache-Control", "max-age=2"), lastModified], [lastModified], clock: clock)
        let configuration = makeConfiguration(
            home: try makeTemporaryFolder(self), ["ALMANAC_OPENWEATHER_URL": server.baseURL, "OPENWEATHER_API_KEY": "OW-1"])
        for _ in 0..<3 {
            _ = try await makeClient(configuration, console: capture.console, clock: clock).fetch(endpoint)
            clock.advance(by: 3)
        }
        XCTAssertEqual(server.receivedRequests.count, 3, "each request 3 s apart finds the answer stale")
    }

    /// `must-revalidate` (RFC 9111 §5.2.2.2): once stale, the answer is never shown before the
    /// server has had its word — not stale-first, and not when asking fails (an error says why).
    func testAMustRevalidateAnswerIsNotShownStaleWhenItsRevalidationFails() async throws {
        for mustRevalidate in [false, true] {
            let clock = ManualClock()
            let count = Counter()
            let control = "max-age=1" + (mustRevalidate ? ", must-revalidate" : "")
            let server = try LoopbackServer { _ in
                guard count.next() == 0 else { return .json(#"{"message":"down"}"#, status: 503) }
                return .respondLines(
                    status: 200, lines: [("Content-Type", "application/json"), ("Cache-Control", control), ("ETag", "\"mr\"")],
                    body: Data(#"{"n":1}"#.utf8))
            }
            let configuration = makeConfiguration(
                home: try makeTemporaryFolder(self), ["ALMANAC_OPENWEATHER_URL": server.baseURL, "OPENWEATHER_API_KEY": "OW-1"])
            _ = try await makeClient(configuration, console: capture.console, clock: clock).fetch(endpoint)
            clock.advance(by: 3)
            let shownFirst = Counter()
            let client = makeClient(configuration, console: capture.console, clock: clock)
            do {
                let answer = try await client.fetch(endpoint) { _ in shownFirst.add(1) }
                XCTAssertFalse(mustRevalidate, "must-revalidate: the stale answer was shown")
                XCTAssertEqual(answer.origin, .cache)
                XCTAssertEqual(shownFirst.value, 1, "stale-first without must-revalidate")
            } catch let refused as StaleRefused {
                XCTAssertTrue(mustRevalidate, "\(refused)")
                XCTAssertEqual(shownFirst.value, 0, "never shown stale-first")
                XCTAssertTrue(refused.description.contains("requires asking again"), refused.description)
            }
        }
    }
}
