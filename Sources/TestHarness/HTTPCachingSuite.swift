import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

/// The public HTTP caching test suite's cases (http-tests/cache-tests, behind cache-tests.fyi)
/// that a private client cache takes part in, with the suite's ids: each case's header lines as
/// written, the suite's pause, and whether the second request is answered from the cache.
/// `HTTPCachingSuiteTests` runs them through the client in process, `HTTPCachingProcessTests`
/// as a process per request.
package enum HTTPCachingSuite {
    package enum Kind { case required, optimal, check }

    /// A header value: as written, or an HTTP date `seconds` from the server's now.
    package enum Value {
        case text(String)
        case at(Int)
    }

    package struct SuiteCase {
        package var id: String
        package var kind: Kind
        package var headers: [(String, Value)]
        package var pause: TimeInterval
        package var cached: Bool
        init(_ id: String, _ kind: Kind, _ headers: [(String, Value)], pause: TimeInterval, cached: Bool) {
            (self.id, self.kind, self.headers, self.pause, self.cached) = (id, kind, headers, pause, cached)
        }
    }

    package static let cases: [SuiteCase] = [
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

    /// Fruityvice's catalogue as recorded, the body every case serves.
    private static let catalogue: Data = {
        let url = repositoryFixtures.appendingPathComponent("fruityvice/all.json")
        guard let data = try? Data(contentsOf: url), let recording = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let response = recording["response"] as? [String: Any], let body = response["body"],
            let encoded = try? JSONSerialization.data(withJSONObject: body)
        else { return Data() }
        return encoded
    }()

    /// A loopback Fruityvice answering each request with the next of `answers` (the last
    /// repeated): a status and header lines, an instant `.at(seconds)` from the server's now when
    /// it answers.
    package static func server(_ answers: [(status: Int, lines: [(String, Value)])]) throws -> LoopbackServer {
        let count = Counter()
        return try LoopbackServer { _ in
            let answer = answers[min(count.next(), answers.count - 1)]
            let lines: [(String, String)] = answer.lines.map { name, value in
                switch value {
                case .text(let text): (name, text)
                case .at(let seconds): (name, HTTPDate.format(Date().addingTimeInterval(TimeInterval(seconds))))
                }
            }
            let body = answer.status == 304 ? Data() : catalogue
            return .respondLines(status: answer.status, lines: [("Content-Type", "application/json")] + lines, body: body)
        }
    }

    /// `cc-resp-must-revalidate-stale`'s stored answers, each revalidated by a `304` that carries
    /// no `Date` and no `Cache-Control`.
    package static let mustRevalidate: [[(String, Value)]] = [
        [("Cache-Control", .text("max-age=2, must-revalidate")), ("ETag", .text("\"abcd\""))],
        [("Cache-Control", .text("must-revalidate")), ("Expires", .at(2)), ("Date", .at(0)), ("ETag", .text("\"abcd\""))],
        [("Cache-Control", .text("max-age=2, must-revalidate")), ("Age", .text("1")), ("Date", .at(0)), ("ETag", .text("\"abcd\""))],
    ]

    /// Each of `stored`, fetched twice (the second answered by the cache), then again once it is
    /// stale: the `304` confirms the stored answer for the request that asked (RFC 9111 §4.3.3) —
    /// shown, exit 0 — whatever the merged headers then say about the next request. `fruitList`
    /// runs `fruit list` against a server in a home (in process or as a process).
    package static func assertA304ConfirmsTheStoredAnswer(
        stored: [[(String, Value)]], home: () throws -> URL, fruitList: (LoopbackServer, URL) throws -> RunResult
    ) throws {
        var homes: [(LoopbackServer, URL)] = []
        for lines in stored {
            let (server, folder) = (try server([(200, lines), (304, [])]), try home())
            XCTAssertEqual(try fruitList(server, folder).status, 0)
            XCTAssertEqual(try fruitList(server, folder).status, 0)
            XCTAssertEqual(server.receivedRequests.count, 1, "fresh: the second request is answered by the cache")
            homes.append((server, folder))
        }
        Thread.sleep(forTimeInterval: 3)  // real time: a run reads the system clock, and the stored answers must go stale
        for (index, (server, folder)) in homes.enumerated() {
            let confirmed = try fruitList(server, folder)
            XCTAssertEqual(confirmed.status, 0, "case \(index): \(confirmed.err)")
            XCTAssertTrue(confirmed.out.contains("Banana"), "case \(index): \(confirmed.out)")
            XCTAssertEqual(server.receivedRequests.last?.header("If-None-Match"), "\"abcd\"", "case \(index): etag_validated")
        }
    }
}
