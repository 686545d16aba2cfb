import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacKit

/// A status bar's repeated run answered with what the same run printed before, while nothing it
/// read changed, its answers are fresh and its minute lasts (docs/architecture.md §5, "A repeated
/// glance"), through the real binary and a loopback MET Norway.
final class RunMemoTests: XCTestCase {
    private let place = "55.75,37.61"
    private var words: [String] { ["weather", place, "--format", "%l %t"] }

    /// One forecast step, −4.4 °C, fresh for `maxAge` seconds.
    private func met(maxAge: Int) throws -> LoopbackServer {
        try LoopbackServer { request in
            // Open-Meteo's answer for the place's time zone, asked of the same server.
            if request.queryValue("timezone") == "auto" { return .json(#"{"utc_offset_seconds":10800,"timezone":"Europe/Moscow"}"#) }
            let details = #""air_temperature":-4.4,"relative_humidity":81.6,"wind_from_direction":225.0,"wind_speed":6.0"#
            let step = #"{"time":"2026-01-15T12:00:00Z","data":{"instant":{"details":{\#(details)}}}}"#
            return .json(
                #"{"type":"Feature","properties":{"meta":{"updated_at":"2026-01-15T11:00:00Z"},"timeseries":[\#(step)]}}"#,
                headers: ["Cache-Control": "max-age=\(maxAge)", "Date": HTTPDate.format(Date())])
        }
    }

    /// The kept outputs in `home`.
    private func memos(_ home: URL) -> [URL] {
        let folder = home.appendingPathComponent("cache/memo")
        return (DirectoryNames.list(atPath: folder.path) ?? []).sorted().map { folder.appendingPathComponent($0) }
    }

    /// Rewrites the one kept output's `-4°C` as `(kept)`, so a replay shows itself.
    private func markKept(_ home: URL) throws {
        let file = try XCTUnwrap(memos(home).first)
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self).replacingOccurrences(of: "-4°C", with: "(kept)")
        try Data(text.utf8).write(to: file)
    }

    /// Lets the files a run reads settle (a memo trusts only files left alone for a second before
    /// its run) and keeps the next runs inside one clock minute.
    private func settleWithinTheMinute() {
        Thread.sleep(forTimeInterval: 1.1)
        awayFromTheMinuteEnd()
    }

    /// Waits, when the clock minute has less than 15 s left, for the next one to begin.
    private func awayFromTheMinuteEnd() {
        let second = Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
        if second > 45 { Thread.sleep(forTimeInterval: 61 - second) }
    }

    /// A glance at `place` in a new home whose MET Norway answers fresh for `maxAge` seconds:
    /// the first run stores the answer; its line.
    private func firstGlance(maxAge: Int) throws -> (server: LoopbackServer, home: URL, variables: [String: String]) {
        let server = try met(maxAge: maxAge)
        let home = try makeTemporaryFolder(self)
        let variables = ["ALMANAC_METNO_URL": server.baseURL, "ALMANAC_OPENMETEO_FORECAST_URL": server.baseURL]
        XCTAssertEqual(try runAlmanac(words, home: home, environment: variables).out, "55.7500,37.6100 -4°C\n")
        return (server, home, variables)
    }

    func testARepeatedGlanceIsReplayedUntilAFileItReadChanges() throws {
        let (server, home, variables) = try firstGlance(maxAge: 600)
        XCTAssertEqual(memos(home), [], "an answer just fetched changed the cache under the run: nothing kept")
        settleWithinTheMinute()
        let second = try runAlmanac(words, home: home, environment: variables)
        XCTAssertEqual(second.out, "55.7500,37.6100 -4°C\n")
        XCTAssertEqual(second.err, "")
        XCTAssertEqual(memos(home).count, 1, "a run answered from a fresh entry is kept")
        XCTAssertFalse(try String(contentsOf: memos(home)[0], encoding: .utf8).contains(server.baseURL), "the environment only as a hash")

        try markKept(home)
        XCTAssertEqual(try runAlmanac(words, home: home, environment: variables).out, "55.7500,37.6100 (kept)\n", "replayed")
        XCTAssertEqual(
            try runAlmanac(words, home: home, environment: variables.merging(["LC_ALL": "C"]) { $1 }).out, "55.7500,37.6100 -4°C\n",
            "another environment is another run")

        settleWithinTheMinute()
        XCTAssertEqual(try runAlmanac(words, home: home, environment: variables).out, "55.7500,37.6100 -4°C\n")
        try markKept(home)
        XCTAssertEqual(try runAlmanac(["weather", "settings", "--units", "imperial"], home: home).status, 0)
        XCTAssertEqual(
            try runAlmanac(words, home: home, environment: variables).out, "55.7500,37.6100 +24°F\n", "the settings it read changed")
        XCTAssertEqual(server.receivedRequests.filter { $0.queryValue("timezone") == nil }.count, 1, "every run but the first read the cache")
    }

    func testAKeptGlanceEndsWithItsAnswersFreshness() throws {
        awayFromTheMinuteEnd()
        let (server, home, variables) = try firstGlance(maxAge: 6)
        defer { withExtendedLifetime(server) {} }  // answering the refresher too
        Thread.sleep(forTimeInterval: 1.1)
        XCTAssertEqual(try runAlmanac(words, home: home, environment: variables).out, "55.7500,37.6100 -4°C\n")
        XCTAssertEqual(memos(home).count, 1, "kept while the answer is fresh")
        try markKept(home)
        Thread.sleep(forTimeInterval: 5.5)  // the entry is stale now
        XCTAssertEqual(try runAlmanac(words, home: home, environment: variables).out, "55.7500,37.6100 -4°C\n", "not replayed")
    }

    func testStaleVerboseAndJSONRunsAreNotKept() throws {
        let (server, home, variables) = try firstGlance(maxAge: 1)
        defer { withExtendedLifetime(server) {} }  // answering the refresher too
        Thread.sleep(forTimeInterval: 2.2)
        XCTAssertEqual(try runAlmanac(words, home: home, environment: variables).out, "55.7500,37.6100 -4°C\n", "stale, refreshed behind")
        XCTAssertEqual(memos(home), [], "a stale answer is shown once, never replayed")
        let fresh = try met(maxAge: 600)
        let freshVariables = ["ALMANAC_METNO_URL": fresh.baseURL, "ALMANAC_OPENMETEO_FORECAST_URL": fresh.baseURL]
        XCTAssertEqual(try runAlmanac(["weather", "55.76,37.62", "--format", "3"], home: home, environment: freshVariables).status, 0)
        Thread.sleep(forTimeInterval: 1.1)
        for extra in [["--json"], ["--verbose"]] {
            XCTAssertEqual(try runAlmanac(["weather", "55.76,37.62", "--format", "3"] + extra, home: home, environment: freshVariables).status, 0)
        }
        XCTAssertEqual(memos(home), [], "--json and --verbose runs are not kept")
    }

    func testADamagedMemoIsAMissAndIsReplaced() throws {
        awayFromTheMinuteEnd()
        let (server, home, variables) = try firstGlance(maxAge: 600)
        defer { withExtendedLifetime(server) {} }
        Thread.sleep(forTimeInterval: 1.1)
        XCTAssertEqual(try runAlmanac(words, home: home, environment: variables).status, 0)
        let file = try XCTUnwrap(memos(home).first)
        let kept = try Data(contentsOf: file)
        /// The memo's lines but the one saying when its run began.
        func lines(_ data: Data) -> [Substring] {
            var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count > 2 { lines.remove(at: 2) }
            return lines
        }
        var fields = lines(kept).map(String.init)
        let now = Date().timeIntervalSince1970
        fields.insert(String(now + 3600), at: 2)
        fields[3] = String(now + 7200)
        // A run "begun" in an hour: the clock was set back since.
        let later = Data(fields.joined(separator: "\n").replacingOccurrences(of: "-4°C", with: "(kept)").utf8)
        fields[2] = String(now + 9000)  // begun after it stops holding
        let inverted = Data(fields.joined(separator: "\n").replacingOccurrences(of: "-4°C", with: "(kept)").utf8)
        let damaged = [
            kept.prefix(kept.count / 2), Data(), Data(repeating: 0xFF, count: 300), kept.prefix(15) + Data("99999999\n".utf8), later, inverted,
        ]
        for bytes in damaged {
            try bytes.write(to: file)
            let run = try runAlmanac(words, home: home, environment: variables)
            XCTAssertEqual(run.out, "55.7500,37.6100 -4°C\n", "\(bytes.count) bytes")
            XCTAssertEqual(run.err, "")
            XCTAssertEqual(lines(try Data(contentsOf: file)), lines(kept), "worked out again and kept again")
        }
    }

    func testAnAgeInWordsChangesAtItsNextWholeUnit() {
        XCTAssertEqual(Age.changes(after: 12.4), 13)
        XCTAssertEqual(Age.changes(after: 59.9), 60)
        XCTAssertEqual(Age.changes(after: 61), 120)
        XCTAssertEqual(Age.changes(after: 3599), 3600)
        XCTAssertEqual(Age.changes(after: 3600), 7200)
        XCTAssertEqual(Age.changes(after: 86400 * 2 - 1), 86400 * 2)
        XCTAssertEqual(Age.changes(after: 86400 * 3 + 5), 86400 * 4)
        for seconds in stride(from: 0.0, to: 86400 * 3, by: 97.3) {
            let next = Age.changes(after: seconds)
            XCTAssertEqual(Age.describe(next - 0.5), Age.describe(seconds), "\(seconds)")
            XCTAssertNotEqual(Age.describe(next), Age.describe(seconds), "\(seconds)")
        }
    }
}
