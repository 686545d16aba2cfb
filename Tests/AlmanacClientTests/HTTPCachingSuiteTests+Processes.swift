import AlmanacClient
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// The same suite cases run as a user runs the program: one `almanac fruit list` process per
/// request, against a loopback server sending each case's header lines with instants from its
/// own clock, and real time passing between the requests (a process reads the system clock;
/// nothing else can make a pause pass for it). "Cached": the second process showed the stored
/// answer (`Source: cache`), as the suite's client sees it.
extension HTTPCachingSuiteTests {
    /// Fruityvice's catalogue as recorded, the body every case serves.
    private static let catalogue: Data = {
        let url = repositoryFixtures.appendingPathComponent("fruityvice/all.json")
        guard let data = try? Data(contentsOf: url), let recording = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let response = recording["response"] as? [String: Any], let body = response["body"],
            let encoded = try? JSONSerialization.data(withJSONObject: body)
        else { return Data() }
        return encoded
    }()

    /// A server answering each request with the next of `answers` (the last repeated): a status
    /// and header lines, an instant `.at(seconds)` from the server's now when it answers.
    private func suiteServer(_ answers: [(status: Int, lines: [(String, Value)])]) throws -> LoopbackServer {
        let count = Counter()
        return try LoopbackServer { _ in
            let answer = answers[min(count.next(), answers.count - 1)]
            let lines: [(String, String)] = answer.lines.map { name, value in
                switch value {
                case .text(let text): (name, text)
                case .at(let seconds): (name, HTTPDate.format(Date().addingTimeInterval(TimeInterval(seconds))))
                }
            }
            let body = answer.status == 304 ? Data() : Self.catalogue
            return .respondLines(status: answer.status, lines: [("Content-Type", "application/json")] + lines, body: body)
        }
    }

    /// One process's request: `fruit list` against `server` in `home`.
    private func fruitList(_ server: LoopbackServer, home: URL) throws -> RunResult {
        try runAlmanac(["fruit", "list"], home: home, environment: ["ALMANAC_FRUITYVICE_URL": server.baseURL])
    }

    /// Every case: the first process of each, then (once) the suite's pause of 3 s, then the
    /// second process of each; a case with no pause runs its two processes back to back.
    func testEveryApplicableCasePassesWithAProcessPerRequest() throws {
        var runs: [(SuiteCase, LoopbackServer, URL)] = []
        var failed: [String] = []
        for suiteCase in Self.cases {
            let server = try suiteServer([(200, suiteCase.headers)])
            let home = try makeTemporaryFolder(self)
            let first = try fruitList(server, home: home)
            XCTAssertEqual(first.status, 0, "\(suiteCase.id): \(first.err)")
            if suiteCase.pause == 0 {
                failed += try judged(suiteCase, server, home)
            } else {
                runs.append((suiteCase, server, home))
            }
        }
        // Real time must pass for the processes to come: their clock is the system's.
        Thread.sleep(forTimeInterval: 3)  // the processes' clock is the system's
        for (suiteCase, server, home) in runs { failed += try judged(suiteCase, server, home) }
        XCTAssertEqual(failed, [], "required and optimal cases that failed through the binary")
    }

    /// The second process of `suiteCase`: the case's id when it was a required or optimal case
    /// and came out otherwise than the suite expects.
    private func judged(_ suiteCase: SuiteCase, _ server: LoopbackServer, _ home: URL) throws -> [String] {
        let second = try fruitList(server, home: home)
        XCTAssertEqual(second.status, 0, "\(suiteCase.id): \(second.err)")
        let cached = second.out.contains("Source: cache")
        return cached == suiteCase.cached || suiteCase.kind == .check ? [] : [suiteCase.id]
    }

    /// `cc-resp-must-revalidate-stale` and the `304`s that carry no `Date` and no
    /// `Cache-Control`: each process a request. The `304` confirms the stored answer for the
    /// request that asked (RFC 9111 §4.3.3) — shown, exit 0 — whatever the merged headers then say
    /// about the next request, which asks again.
    func testA304ConfirmsAStoredMustRevalidateAnswerForTheRequestThatAsked() throws {
        let stored: [[(String, Value)]] = [
            [("Cache-Control", .text("max-age=2, must-revalidate")), ("ETag", .text("\"abcd\""))],
            [("Cache-Control", .text("must-revalidate")), ("Expires", .at(2)), ("Date", .at(0)), ("ETag", .text("\"abcd\""))],
            [("Cache-Control", .text("max-age=2, must-revalidate")), ("Age", .text("1")), ("Date", .at(0)), ("ETag", .text("\"abcd\""))],
        ]
        var homes: [(LoopbackServer, URL)] = []
        for lines in stored {
            let server = try suiteServer([(200, lines), (304, [])])
            let home = try makeTemporaryFolder(self)
            XCTAssertEqual(try fruitList(server, home: home).status, 0)
            XCTAssertEqual(try fruitList(server, home: home).status, 0)
            XCTAssertEqual(server.receivedRequests.count, 1, "fresh: the second process is answered by the cache")
            homes.append((server, home))
        }
        Thread.sleep(forTimeInterval: 3)  // real time, so the stored answers go stale for the next processes
        for (index, (server, home)) in homes.enumerated() {
            let confirmed = try fruitList(server, home: home)
            XCTAssertEqual(confirmed.status, 0, "case \(index): \(confirmed.err)")
            XCTAssertTrue(confirmed.out.contains("Banana"), "case \(index): \(confirmed.out)")
            XCTAssertEqual(server.receivedRequests.last?.header("If-None-Match"), "\"abcd\"", "case \(index): etag_validated")
        }
    }
}
