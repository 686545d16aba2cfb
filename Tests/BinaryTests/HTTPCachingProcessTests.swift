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
final class HTTPCachingProcessTests: XCTestCase {
    /// One process's request: `fruit list` against `server` in `home`.
    private func fruitList(_ server: LoopbackServer, home: URL) throws -> RunResult {
        try runAlmanacBinary(["fruit", "list"], home: home, environment: ["ALMANAC_FRUITYVICE_URL": server.baseURL])
    }

    /// The cases run as processes: a stored answer still fresh after the pause (`max-age`), and
    /// one whose `Date`, `Expires` and `Age` come from a server whose clock is behind — what the
    /// file kept must give the same age in the next process. Every case of the suite runs through
    /// the same client in process (`HTTPCachingSuiteTests`); what a process adds is the answer
    /// written by one and read by the next, on the system's clock.
    private static let acrossProcesses: Set = ["freshness-max-age", "freshness-expires-age-slow-date"]

    /// Each case: the first process of each, then (once) the suite's pause of 3 s, then the
    /// second process of each; a case with no pause runs its two processes back to back.
    func testEachWayOfFreshnessHoldsWithAProcessPerRequest() throws {
        var runs: [(HTTPCachingSuite.SuiteCase, LoopbackServer, URL)] = []
        var failed: [String] = []
        let cases = HTTPCachingSuite.cases.filter { Self.acrossProcesses.contains($0.id) }
        XCTAssertEqual(cases.count, Self.acrossProcesses.count, "every case named is in the suite")
        for suiteCase in cases {
            let server = try HTTPCachingSuite.server([(200, suiteCase.headers)])
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
    private func judged(_ suiteCase: HTTPCachingSuite.SuiteCase, _ server: LoopbackServer, _ home: URL) throws -> [String] {
        let second = try fruitList(server, home: home)
        XCTAssertEqual(second.status, 0, "\(suiteCase.id): \(second.err)")
        let cached = second.out.contains("Source: cache")
        return cached == suiteCase.cached || suiteCase.kind == .check ? [] : [suiteCase.id]
    }

    /// `cc-resp-must-revalidate-stale` with a `304` that carries no `Date` and no `Cache-Control`,
    /// each request a process (its other stored forms run in process:
    /// `HTTPCachingSuiteTests.testA304ConfirmsAStoredMustRevalidateAnswerForTheRequestThatAsked`).
    func testA304ConfirmsAStoredMustRevalidateAnswerForTheRequestThatAsked() throws {
        let home = { try makeTemporaryFolder(self) }
        try HTTPCachingSuite.assertA304ConfirmsTheStoredAnswer(stored: [HTTPCachingSuite.mustRevalidate[1]], home: home) { server, folder in
            try runAlmanacBinary(["fruit", "list"], home: folder, environment: ["ALMANAC_FRUITYVICE_URL": server.baseURL])
        }
    }
}
