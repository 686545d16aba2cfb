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
    enum Kind { case required, optimal, check }

    /// A header value: as written, or an HTTP date `seconds` from the server's now.
    enum Value {
        case text(String)
        case at(Int)
    }

    struct SuiteCase {
        var id: String
        var kind: Kind
        var headers: [(String, Value)]
        var pause: TimeInterval
        var cached: Bool
        init(_ id: String, _ kind: Kind, _ headers: [(String, Value)], pause: TimeInterval, cached: Bool) {
            (self.id, self.kind, self.headers, self.pause, self.cached) = (id, kind, headers, pause, cached)
        }
    }

    static let cases: [SuiteCase] = [
        SuiteCase(
            "freshness-expires-32bit", .optimal, [("Expires", .text("Tue, 19 Jan 2038 14:14:08 GMT")), ("Date", .at(0))], pause: 3, cached: true),
        SuiteCase(
            "freshness-expires-far-future", .optimal, [("Expires", .text("Sun, 21 Nov 2286 04:46:39 GMT")), ("Date", .at(0))], pause: 3, cached: true),
        SuiteCase(
            "freshness-expires-rfc850", .optimal, [("Expires", .text("Thursday, 18-Aug-50 02:01:18 GMT")), ("Date", .at(0))], pause: 3, cached: true),
        SuiteCase("freshness-expires-ansi-c", .optimal, [("Expires", .text("Thu Aug  8 02:01:18 2050")), ("Date", .at(0))], pause: 3, cached: true),
        SuiteCase(
            "freshness-expires-wrong-case-weekday", .optimal, [("Expires", .text("THU, 18 Aug 2050 02:01:18 GMT")), ("Date", .at(0))], pause: 3,
            cached: true),
        SuiteCase(
            "freshness-expires-wrong-case-month", .optimal, [("Expires", .text("Thu, 18 AUG 2050 02:01:18 GMT")), ("Date", .at(0))], pause: 3,
            cached: true),
        SuiteCase(
            "freshness-expires-wrong-case-tz", .optimal, [("Expires", .text("Thu, 18 Aug 2050 02:01:18 gMT")), ("Date", .at(0))], pause: 3,
            cached: true),
        SuiteCase(
            "freshness-expires-invalid-utc", .required, [("Expires", .text("Thu, 18 Aug 2050 02:01:18 UTC")), ("Date", .at(0))], pause: 3,
            cached: false),
        SuiteCase(
            "freshness-expires-invalid-aest", .required, [("Expires", .text("Thu, 18 Aug 2050 02:01:18 AEST")), ("Date", .at(0))], pause: 3,
            cached: false),
        SuiteCase(
            "freshness-expires-invalid-2-digit-year", .required, [("Expires", .text("Thu, 18 Aug 50 02:01:18 GMT")), ("Date", .at(0))], pause: 3,
            cached: false),
        SuiteCase(
            "freshness-expires-invalid-no-comma", .required, [("Expires", .text("Thu 18 Aug 2050 02:01:18 GMT")), ("Date", .at(0))], pause: 3,
            cached: false),
        SuiteCase(
            "freshness-expires-invalid-multiple-spaces", .required, [("Expires", .text("Thu, 18  Aug  2050 02:01:18 GMT")), ("Date", .at(0))],
            pause: 0, cached: false),
        SuiteCase(
            "freshness-expires-invalid-date-dashes", .required, [("Expires", .text("Thu, 18-Aug-2050 02:01:18 GMT")), ("Date", .at(0))], pause: 0,
            cached: false),
        SuiteCase(
            "freshness-expires-invalid-time-periods", .required, [("Expires", .text("Thu, 18 Aug 2050 02.01.18 GMT")), ("Date", .at(0))], pause: 0,
            cached: false),
        SuiteCase(
            "freshness-expires-invalid-1-digit-hour", .required, [("Expires", .text("Thu, 18 Aug 2050 2:01:18 GMT")), ("Date", .at(0))], pause: 0,
            cached: false),
        SuiteCase(
            "freshness-expires-invalid-multiple-lines", .required,
            [("Expires", .text("Thu, 18 Aug 2050 2:01:18 GMT")), ("Expires", .text("Thu, 18 Aug 2050 2:01:19 GMT")), ("Date", .at(0))], pause: 0,
            cached: false),
        SuiteCase(
            "age-parse-nonnumeric", .required, [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("abc"))], pause: 3,
            cached: true),
        SuiteCase(
            "age-parse-negative", .required, [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("-7200"))], pause: 3,
            cached: true),
        SuiteCase(
            "age-parse-float", .required, [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("7200.0"))], pause: 3,
            cached: true),
        SuiteCase(
            "age-parse-large-minus-one", .required, [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("2147483647"))],
            pause: 3, cached: false),
        SuiteCase(
            "age-parse-large", .required, [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("2147483648"))], pause: 3,
            cached: false),
        SuiteCase(
            "age-parse-larger", .required, [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("2147483649"))], pause: 3,
            cached: false),
        SuiteCase(
            "age-parse-suffix", .required, [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("7200, 0"))], pause: 3,
            cached: false),
        SuiteCase(
            "age-parse-prefix", .required, [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("0, 7200"))], pause: 3,
            cached: true),
        SuiteCase(
            "age-parse-suffix-twoline", .required,
            [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("7200")), ("Age", .text("0"))], pause: 3, cached: false),
        SuiteCase(
            "age-parse-prefix-twoline", .required,
            [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("0")), ("Age", .text("7200"))], pause: 3, cached: true),
        SuiteCase(
            "age-parse-dup-0", .required, [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("0, 0"))], pause: 3, cached: true
        ),
        SuiteCase(
            "age-parse-dup-0-twoline", .required,
            [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("0")), ("Age", .text("0"))], pause: 3, cached: true),
        SuiteCase(
            "age-parse-dup-old", .required,
            [("Date", .at(0)), ("Cache-Control", .text("max-age=10000")), ("Age", .text("3600")), ("Age", .text("3600"))], pause: 3, cached: true),
        SuiteCase(
            "age-parse-parameter", .check, [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("7200;foo=bar"))], pause: 3,
            cached: false),
        SuiteCase(
            "age-parse-numeric-parameter", .check, [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("7200;foo=111"))],
            pause: 3, cached: false),
        SuiteCase(
            "freshness-max-age-two-fresh-stale-sameline", .check, [("Cache-Control", .text("max-age=1800, max-age=1"))], pause: 3, cached: true),
        SuiteCase(
            "freshness-max-age-two-fresh-stale-sepline", .check, [("Cache-Control", .text("max-age=1800")), ("Cache-Control", .text("max-age=1"))],
            pause: 3, cached: true),
        SuiteCase(
            "freshness-max-age-two-stale-fresh-sameline", .check, [("Cache-Control", .text("max-age=1, max-age=1800"))], pause: 3, cached: true),
        SuiteCase(
            "freshness-max-age-two-stale-fresh-sepline", .check, [("Cache-Control", .text("max-age=1")), ("Cache-Control", .text("max-age=1800"))],
            pause: 3, cached: true),
        SuiteCase("freshness-max-age-quoted", .check, [("Cache-Control", .text("max-age=\"3600\""))], pause: 3, cached: true),
        SuiteCase(
            "freshness-max-age-ignore-quoted", .required, [("Cache-Control", .text("extension=\"max-age=3600\", max-age=1"))], pause: 3, cached: false
        ),
        SuiteCase(
            "freshness-max-age-ignore-quoted-rev", .required, [("Cache-Control", .text("max-age=1, extension=\"max-age=3600\""))], pause: 3,
            cached: false),
        SuiteCase("freshness-max-age-space-before-equals", .check, [("Cache-Control", .text("max-age =3600"))], pause: 3, cached: false),
        SuiteCase("freshness-max-age-space-after-equals", .check, [("Cache-Control", .text("max-age= 3600"))], pause: 3, cached: false),
        SuiteCase("freshness-max-age-leading-zero", .required, [("Cache-Control", .text("max-age=003600"))], pause: 3, cached: true),
        SuiteCase("freshness-max-age-single-quoted", .required, [("Cache-Control", .text("max-age='3600'"))], pause: 3, cached: false),
        SuiteCase("freshness-max-age-decimal-zero", .check, [("Cache-Control", .text("max-age=3600.0"))], pause: 3, cached: true),
        SuiteCase("freshness-max-age-decimal-five", .check, [("Cache-Control", .text("max-age=3600.5"))], pause: 3, cached: true),
        SuiteCase("freshness-max-age-a100", .check, [("Cache-Control", .text("max-age=a3600"))], pause: 3, cached: true),
        SuiteCase("freshness-max-age-100a", .check, [("Cache-Control", .text("max-age=3600a"))], pause: 3, cached: true),
        SuiteCase("freshness-none", .check, [], pause: 3, cached: false),
        SuiteCase("freshness-max-age", .optimal, [("Cache-Control", .text("max-age=3600"))], pause: 3, cached: true),
        SuiteCase(
            "freshness-max-age-stale", .required, [("Cache-Control", .text("max-age=2")), ("Date", .at(0)), ("Template-A", .text("1"))], pause: 3,
            cached: false),
        SuiteCase("freshness-max-age-0", .required, [("Cache-Control", .text("max-age=0"))], pause: 3, cached: false),
        SuiteCase("freshness-max-age-max-minus-1", .optimal, [("Cache-Control", .text("max-age=2147483647"))], pause: 3, cached: true),
        SuiteCase("freshness-max-age-max", .optimal, [("Cache-Control", .text("max-age=2147483648"))], pause: 3, cached: true),
        SuiteCase("freshness-max-age-max-plus-1", .optimal, [("Cache-Control", .text("max-age=2147483649"))], pause: 3, cached: true),
        SuiteCase("freshness-max-age-max-plus", .optimal, [("Cache-Control", .text("max-age=99999999999"))], pause: 3, cached: true),
        SuiteCase(
            "freshness-max-age-age", .required, [("Date", .at(0)), ("Cache-Control", .text("max-age=3600")), ("Age", .text("7200"))], pause: 3,
            cached: false),
        SuiteCase("freshness-max-age-date", .check, [("Date", .at(-7200)), ("Cache-Control", .text("max-age=3600"))], pause: 3, cached: false),
        SuiteCase(
            "freshness-max-age-expires", .optimal, [("Cache-Control", .text("max-age=3600")), ("Expires", .at(-7200)), ("Date", .at(0))], pause: 3,
            cached: true),
        SuiteCase(
            "freshness-max-age-expires-invalid", .optimal, [("Cache-Control", .text("max-age=3600")), ("Expires", .text("0")), ("Date", .at(0))],
            pause: 3, cached: true),
        SuiteCase(
            "freshness-max-age-0-expires", .required, [("Expires", .at(3600)), ("Cache-Control", .text("max-age=0")), ("Date", .at(0))], pause: 3,
            cached: false),
        SuiteCase("freshness-max-age-extension", .optimal, [("Cache-Control", .text("foobar, max-age=3600"))], pause: 3, cached: true),
        SuiteCase("freshness-max-age-case-insenstive", .optimal, [("Cache-Control", .text("MaX-aGe=3600"))], pause: 3, cached: true),
        SuiteCase("freshness-max-age-negative", .required, [("Cache-Control", .text("max-age=-3600"))], pause: 3, cached: false),
        SuiteCase("freshness-max-age-s-maxage-private", .required, [("Cache-Control", .text("s-maxage=3600, max-age=1"))], pause: 3, cached: false),
        SuiteCase(
            "freshness-max-age-s-maxage-private-multiple", .required,
            [("Cache-Control", .text("s-maxage=3600")), ("Cache-Control", .text("max-age=1"))], pause: 3, cached: false),
        SuiteCase("freshness-expires-future", .optimal, [("Expires", .at(30 * 24 * 60 * 60)), ("Date", .at(0))], pause: 3, cached: true),
        SuiteCase("freshness-expires-past", .required, [("Expires", .at(-30 * 24 * 60 * 60)), ("Date", .at(0))], pause: 3, cached: false),
        SuiteCase("freshness-expires-present", .required, [("Expires", .at(0)), ("Date", .at(0))], pause: 3, cached: false),
        SuiteCase("freshness-expires-old-date", .required, [("Expires", .at(300)), ("Date", .at(400))], pause: 3, cached: false),
        SuiteCase("freshness-expires-invalid", .required, [("Expires", .text("0")), ("Date", .at(0))], pause: 3, cached: false),
        SuiteCase("freshness-expires-invalid-date", .optimal, [("Date", .text("foo")), ("Expires", .at(10))], pause: 0, cached: true),
        SuiteCase(
            "freshness-expires-age-slow-date", .required, [("Date", .at(-10)), ("Expires", .at(10)), ("Age", .text("25"))], pause: 0,
            cached: false),
        SuiteCase(
            "freshness-expires-age-fast-date", .required, [("Date", .at(10)), ("Expires", .at(20)), ("Age", .text("15"))], pause: 0,
            cached: false),
        SuiteCase(
            "stale-while-revalidate", .optimal, [("Cache-Control", .text("max-age=1, stale-while-revalidate=3600")), ("ETag", .text("\"abc\""))],
            pause: 3, cached: true),
    ]

    struct Answer: Decodable, Sendable { var n: Int }

    /// Kept for the whole test: refreshes behind an answer may still log after a case returns.
    let capture = CapturedConsole()

    let endpoint = Endpoint<Answer>(
        RequestDescriptor(provider: .openWeather, name: "openweather.weather", path: "/data/2.5/weather", query: [QueryItem("lat", "1")], ttl: 600))

    /// Whether the second request of `suiteCase` was answered from the cache (the suite's
    /// "cached"), and the requests the server saw.
    private func run(_ suiteCase: SuiteCase) async throws -> (cached: Bool, requests: Int) {
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
        for suiteCase in Self.cases {
            let outcome = try await run(suiteCase)
            let passed = outcome.cached == suiteCase.cached
            report.append("\(passed ? "pass" : "FAIL")  \(suiteCase.kind)  \(suiteCase.id)")
            if !passed, suiteCase.kind != .check { failed.append(suiteCase.id) }
        }
        print(report.joined(separator: "\n"))
        XCTAssertEqual(failed, [], report.joined(separator: "\n"))
        XCTAssertEqual(Self.cases.filter { $0.kind == .required }.count, 39, "the suite's required cases a private cache takes part in")
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
