import AlmanacCore
import AlmanacTestSupport
import Synchronization
import XCTest

@testable import AlmanacServer
@testable import TestHarness

/// The server's runs: an answer kept for its clock minute while the home's folders stand still,
/// one run for requests asked together, failures never kept (docs/serve.md, "Answers kept").
final class ServerRunsTests: XCTestCase {
    /// The clock minute the runs see.
    private final class Minute: Sendable {
        let now: Mutex<Int>
        init(_ minute: Int) { now = Mutex(minute) }
    }

    private func runs(_ home: URL, minute: Minute) -> ServerRuns {
        let environment = [
            "ALMANAC_HOME": home.path, "ALMANAC_FIXTURES": repositoryFixtures.path, "ALMANAC_OFFLINE": "1", "ALMANAC_TODAY": "2026-11-20",
        ]
        return ServerRuns(environment: environment, executablePath: nil) { minute.now.withLock { $0 } }
    }

    func testARepeatIsTheKeptAnswerUntilTheMinuteOrAFolderChanges() async throws {
        let home = try makeTemporaryFolder(self)
        let minute = Minute(1000)
        let runs = runs(home, minute: minute)
        let glance = ["weather", "now", "--format=3", "--", "Oslo"]
        let first = await runs.run(glance)
        XCTAssertEqual(first.out, "Oslo: 🌫 +5°C (sample)\n", first.err)
        // The first run kept sample answers in the cache: its own writes make one more run.
        _ = await runs.run(glance)
        let settled = await runs.counts.runs
        for _ in 0..<5 {
            let again = await runs.run(glance)
            XCTAssertEqual(again.out, first.out)
        }
        var made = await runs.counts.runs
        XCTAssertEqual(made, settled, "five repeats, no run")
        let imperial = await runs.run(glance, variables: ["ALMANAC_UNITS": "imperial"])
        XCTAssertEqual(imperial.out, "Oslo: 🌫 +40°F (sample)\n", "other variables: another answer")
        minute.now.withLock { $0 += 1 }
        _ = await runs.run(glance)
        made = await runs.counts.runs
        XCTAssertEqual(made, settled + 2, "a new minute: run again")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("data"), withIntermediateDirectories: true)
        try "{}".write(to: home.appendingPathComponent("data/touched.json"), atomically: true, encoding: .utf8)
        _ = await runs.run(glance)
        made = await runs.counts.runs
        XCTAssertEqual(made, settled + 3, "the data folder changed: run again")
    }

    func testFailuresAreNeverKeptAndRequestsAskedTogetherShareOneRun() async throws {
        let home = try makeTemporaryFolder(self)
        let runs = runs(home, minute: Minute(7))
        let unknown = ["weather", "now", "--format=3", "--", "Qwxyzville"]
        for _ in 0..<2 {
            let failed = await runs.run(unknown)
            XCTAssertNotEqual(failed.status, 0)
        }
        let made = await runs.counts.runs
        XCTAssertEqual(made, 2, "a failure runs again")
        let glance = ["weather", "now", "--format=%t", "--", "Moscow"]
        _ = await runs.run(glance)  // the sample answers kept in the cache first
        let before = await runs.counts.runs
        let outputs = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { await runs.run(glance).out } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(Set(outputs).count, 1, "\(outputs)")
        let after = await runs.counts.runs
        XCTAssertLessThanOrEqual(after - before, 1, "eight asked together: at most one run")
    }

    func testAfterAResumeWhatWasAskedLatelyRunsAgainAndIsKeptAnew() async throws {
        let home = try makeTemporaryFolder(self)
        let minute = Minute(500)
        let runs = runs(home, minute: minute)
        let (oslo, moscow) = (["weather", "now", "--format=3", "--", "Oslo"], ["weather", "now", "--format=%t", "--", "Moscow"])
        for _ in 0..<2 {
            _ = await runs.run(oslo)
            _ = await runs.run(moscow)
        }
        minute.now.withLock { $0 += 20 }
        let lately = ["weather", "now", "--format=1", "--", "Berlin"]
        _ = await runs.run(lately)
        // An hour's suspend: the wall clock is at minute 580 now; what counts is the 10 minutes
        // before the suspend (from minute 510), not before now.
        minute.now.withLock { $0 += 60 }
        let before = await runs.counts.runs
        let ran = await runs.refreshRecent(askedSince: Date(timeIntervalSince1970: 510 * 60))
        XCTAssertEqual(ran, 1, "only what was asked in the 10 minutes before the suspend: Berlin, not Oslo and Moscow")
        let after = await runs.counts.runs
        XCTAssertEqual(after, before + 1)
        _ = await runs.run(lately)
        let again = await runs.counts.runs
        XCTAssertEqual(again, after, "what ran again is kept anew")
    }

    func testAnAnswerIsKeptNoLongerThanWhatItWasMadeFromStaysFresh() async throws {
        for (lifetime, runsForThree) in [(3600, 1), (0, 3)] {
            let home = try makeTemporaryFolder(self)
            let providers = try FixtureServer(fixtures: repositoryFixtures, redated: true, lifetime: lifetime)
            let environment = providers.environment.merging(["ALMANAC_HOME": home.path, "ALMANAC_TODAY": "2026-11-20"]) { _, new in new }
            let runs = ServerRuns(environment: environment, executablePath: nil) { 42 }
            let glance = ["weather", "now", "--format=3", "--", "Oslo"]
            _ = await runs.run(glance)  // the answers stored: the folder's stamp settles
            let before = await runs.counts.runs
            for _ in 0..<3 {
                let answer = await runs.run(glance)
                XCTAssertTrue(answer.out.hasPrefix("Oslo:"), answer.out + answer.err)
            }
            let made = await runs.counts.runs - before
            XCTAssertEqual(made, runsForThree, "answers fresh for \(lifetime) s")
        }
    }
}
