import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// The public HTTP caching test suite (http-tests/cache-tests, behind cache-tests.fyi): every case
/// a private client cache can take part in, with the suite's ids, run through the real client
/// and curl against a loopback server that sends each case's header lines as written. The
/// suite's pause of 3 s is the test clock's. Required and optimal cases must pass; the suite's
/// `check` cases (no single right answer) are run and reported. docs/data.md, "The cache and the
/// HTTP caching test suite", lists the cases that do not apply and why.
final class HTTPCachingSuiteTests: XCTestCase {
    struct Answer: Decodable, Sendable { var n: Int }

    /// Kept for the whole test: refreshes behind an answer may still log after a case returns.
    let capture = CapturedConsole()

    let endpoint = Endpoint<Answer>(
        RequestDescriptor(provider: .openWeather, name: "openweather.weather", path: "/data/2.5/weather", query: [QueryItem("lat", "1")], ttl: 600))

    /// Whether the second request of `suiteCase` was answered from the cache (the suite's
    /// "cached"), and the requests the server saw.
    private func run(_ suiteCase: HTTPCachingSuite.SuiteCase) async throws -> (cached: Bool, requests: Int) {
        let clock = ManualClock()
        let lines = suiteCase.headers
        let server = try LoopbackServer { _ in
            let sent: [(String, String)] = lines.map { name, value in
                switch value {
                case .text(let text): (name, text)
                case .at(let seconds): (name, HTTPDate.format(clock.now().addingTimeInterval(TimeInterval(seconds))))
                }
            }
            return .respondLines(status: 200, lines: [("Content-Type", "application/json")] + sent, body: Data(#"{"n":1}"#.utf8))
        }
        let home = try makeTemporaryFolder(self)
        let configuration = makeConfiguration(home: home, ["ALMANAC_OPENWEATHER_URL": server.baseURL, "OPENWEATHER_API_KEY": "OW-1"])
        _ = try await makeClient(configuration, console: capture.console, clock: clock).fetch(endpoint)
        clock.advance(by: suiteCase.pause)
        let client = makeClient(configuration, console: capture.console, clock: clock)
        let second = try await client.fetch(endpoint)
        await client.finishRefreshesBehind()
        return (second.origin == .cache, server.receivedRequests.count)
    }

    func testEveryApplicableRequiredAndOptimalCasePasses() async throws {
        var report: [String] = []
        var failed: [String] = []
        for suiteCase in HTTPCachingSuite.cases {
            let outcome = try await run(suiteCase)
            let passed = outcome.cached == suiteCase.cached
            report.append("\(passed ? "pass" : "FAIL")  \(suiteCase.kind)  \(suiteCase.id)")
            if !passed, suiteCase.kind != .check { failed.append(suiteCase.id) }
        }
        print(report.joined(separator: "\n"))
        XCTAssertEqual(failed, [], report.joined(separator: "\n"))
        XCTAssertEqual(HTTPCachingSuite.cases.filter { $0.kind == .required }.count, 39, "the suite's required cases a private cache takes part in")
    }

    /// `stale-while-revalidate-window` (required): within the window the stored answer is shown
    /// and refreshed behind it; that refresh said `no-cache`, so the next request goes out.
    func testStaleWhileRevalidateWindow() async throws {
        let clock = ManualClock()
        let count = Counter()
        let server = try LoopbackServer { _ in
            let first = count.next() == 0
            let lines =
                first
                ? [("Cache-Control", "max-age=1, stale-while-revalidate=4"), ("ETag", "\"abc\"")]
                : [("Cache-Control", "no-cache"), ("ETag", "\"def\"")]
            return .respondLines(status: 200, lines: [("Content-Type", "application/json")] + lines, body: Data(#"{"n":1}"#.utf8))
        }
        let home = try makeTemporaryFolder(self)
        let configuration = makeConfiguration(home: home, ["ALMANAC_OPENWEATHER_URL": server.baseURL, "OPENWEATHER_API_KEY": "OW-1"])
        let console = capture
        _ = try await makeClient(configuration, console: console.console, clock: clock).fetch(endpoint)
        clock.advance(by: 3)
        let client = makeClient(configuration, console: console.console, clock: clock)
        let second = try await client.fetch(endpoint)
        XCTAssertEqual(second.origin, .cache, "shown at once, within the window")
        await client.finishRefreshesBehind()
        XCTAssertEqual(server.receivedRequests.count, 2, "refreshed behind it")
        clock.advance(by: 3)
        let third = try await makeClient(configuration, console: console.console, clock: clock).fetch(endpoint)
        XCTAssertEqual(third.origin, .live)
        XCTAssertEqual(server.receivedRequests.count, 3, "the suite's client-request-count 3")
    }
}
