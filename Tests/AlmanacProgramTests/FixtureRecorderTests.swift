import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// Recording a fixture set from loopback providers, then replaying it with no server at all.
final class FixtureRecorderTests: XCTestCase {
    private let keys = [
        "TWELVEDATA_API_KEY": "TD-RECORD-KEY-9321", "OPENWEATHER_API_KEY": "OW-RECORD-KEY-5517",
        "YANDEX_GEOCODER_API_KEY": "YA-RECORD-KEY-7730",
    ]

    /// A loopback server over the shipped recordings that echoes the OpenWeather key inside the
    /// One Call body (raw and in a URL) and every key in a response header.
    private func plantingServer() throws -> FixtureServer {
        let shipped = FixtureTransport(folder: repositoryFixtures)
        let keys = self.keys
        return try FixtureServer(fixtures: repositoryFixtures) { provider, request in
            let echo = ["x-echo-key": keys.values.joined(separator: ",")]
            guard provider == .openWeather, request.path.hasSuffix("/data/3.0/onecall") else { return nil }
            let descriptor = RequestDescriptor(
                provider: .openWeather, name: "server", path: "/data/3.0/onecall",
                query: request.query.map { QueryItem($0.name, $0.value) }, ttl: 0)
            guard let response = try? shipped.respond(to: descriptor) else { return nil }
            var text = String(decoding: response.body, as: UTF8.self)
            let key = keys["OPENWEATHER_API_KEY"]!
            text.insert(
                contentsOf: "\"echo\":\"https://api.openweathermap.org/data/3.0/onecall?lat=1&appid=\(key)\",\"token\":\"\(key)\",",
                at: text.index(after: text.startIndex))
            return .json(text, headers: echo)
        }
    }

    private static let examples: [[String]] = [
        ["weather", "forecast", "Moscow"], ["weather", "forecast", "London", "--days", "25"], ["weather", "hourly", "Moscow"],
        ["crypto"], ["crypto", "history", "BTC"], ["fruit", "list"], ["fruit", "show", "banana"], ["fruit", "family", "rosaceae"],
    ]

    func testRecordThenReplayWithNoServerGivesTheSameAnswers() throws {
        var server: FixtureServer? = try plantingServer()
        let liveHome = try makeTemporaryFolder(self)
        let recorded = try makeTemporaryFolder(self).appendingPathComponent("set")
        var live = server!.environment.merging(keys) { _, new in new }
        live["ALMANAC_TODAY"] = "2026-11-20"
        live["TWELVEDATA_CREDITS_PER_MINUTE"] = "100"
        let record = try runAlmanac(["fixtures", "record", "--to", recorded.path], home: liveHome, environment: live)
        XCTAssertEqual(record.status, 0, record.err)
        XCTAssertTrue(record.out.contains("openweather"), record.out)
        // Every row recorded something, was skipped or failed: no row of zeros with an empty note.
        let rows = record.out.split(separator: "\n").filter { $0.range(of: #"^\S+\s+0\s+0\s+0\s*$"#, options: .regularExpression) != nil }
        XCTAssertEqual(rows, [], record.out)
        let liveAnswers = try Self.examples.map { try runAlmanac($0 + ["--json"], home: liveHome, environment: live) }
        server = nil

        let everything = allText(under: recorded)
        for key in keys.values { XCTAssertFalse(everything.contains(key), "a key reached the recordings") }
        XCTAssertTrue(everything.contains("appid=***"), "the key echoed in a URL was scrubbed")
        let manifest = try XCTUnwrap(FixtureManifest.load(from: recorded))
        XCTAssertEqual(manifest.recordedOn, LocalDate(Date(), timeZone: .current).description)
        XCTAssertTrue(manifest.recordings.contains { $0.provider == "yandex" })

        let replayHome = try makeTemporaryFolder(self)
        XCTAssertTrue(manifest.recordings.contains { $0.provider == "metno" }, "the keyless providers are recorded too")
        XCTAssertTrue(manifest.recordings.contains { $0.provider == "openmeteo" })
        assertEveryViewIsRecorded(manifest)
        // Replayed with the same keys, so the same providers are chosen (offline: no network at all).
        let replay = keys.merging(["ALMANAC_FIXTURES": recorded.path, "ALMANAC_TODAY": "2026-11-20"]) { _, new in new }
        for (arguments, liveAnswer) in zip(Self.examples, liveAnswers) {
            XCTAssertEqual(liveAnswer.status, 0, "\(arguments) live: \(liveAnswer.err)")
            let replayed = try runAlmanac(arguments + ["--json", "--offline"], home: replayHome, environment: replay)
            XCTAssertEqual(replayed.status, 0, "\(arguments) replayed: \(replayed.err)")
            XCTAssertEqual(try Self.withoutProvenance(replayed.out), try Self.withoutProvenance(liveAnswer.out), "\(arguments)")
            XCTAssertTrue(replayed.out.contains("\"source\" : \"sample\""), replayed.out)
        }
        try assertTheWarningsReplay(from: recorded, manifest: manifest)
    }

    /// Every answer the views need: the rain and the air beside the forecast, Kraken's prices.
    private func assertEveryViewIsRecorded(_ manifest: FixtureManifest) {
        XCTAssertTrue(manifest.recordings.contains { $0.path.contains("/nowcast/") || $0.query["minutely_15"] != nil }, "the rain")
        XCTAssertTrue(manifest.recordings.contains { $0.path == "/v1/air-quality" }, "the air")
        XCTAssertTrue(manifest.recordings.contains { $0.provider == "kraken" }, "Kraken's prices")
    }

    /// A recorded set holds a place of each warning service, and replays its warnings offline.
    private func assertTheWarningsReplay(from recorded: URL, manifest: FixtureManifest) throws {
        let warnings = manifest.recordings.filter {
            $0.path.hasSuffix("/alerts") || $0.path.hasSuffix("/alerts/active") || $0.path.contains("metalerts")
                || $0.path.contains("/warnings/feeds-") || $0.path.contains("/cap-feed/")
        }
        XCTAssertEqual(
            Set(warnings.map(\.provider)), ["metno", "nws", "brightsky", "meteoalarm", "roshydromet"], "one place a warning service, recorded")
        // Stored with the query it was asked with, so it ties with a shipped recording (and,
        // listed first, wins) rather than losing to it for lack of `lang=en`.
        XCTAssertEqual(warnings.first { $0.provider == "metno" }?.query["lang"], "en", "\(warnings)")
        let home = try makeTemporaryFolder(self)
        // Keyless, as recorded; New York also a few hundred metres off the recorded point, as
        // MET's and DWD's recordings answer places near theirs.
        for place in ["Oslo", "New York", "Berlin", "40.71,-74.01"] {
            let keyless = ["ALMANAC_FIXTURES": recorded.path, "ALMANAC_TODAY": "2026-11-20"]
            let replayed = try runAlmanac(["weather", "warnings", place, "--offline"], home: home, environment: keyless)
            XCTAssertEqual(replayed.status, 0, "\(place) replayed: \(replayed.err)")
            XCTAssertTrue(replayed.out.contains("Source: sample data recorded on"), replayed.out)
        }
    }

    func testRecordFromTheCacheSendsNothing() throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let home = try makeTemporaryFolder(self)
        var live = server.environment.merging(keys) { _, new in new }
        live["ALMANAC_TODAY"] = "2026-11-20"
        XCTAssertEqual(try runAlmanac(["fruit", "list"], home: home, environment: live).status, 0)
        XCTAssertEqual(try runAlmanac(["crypto"], home: home, environment: live).status, 0)
        let before = server.requests.count
        let result = try runAlmanac(["fixtures", "record", "--from-cache", "--provider", "fruityvice"], home: home, environment: live)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(server.requests.count, before, "no network")
        let folder = home.appendingPathComponent("data/fixtures")
        let manifest = try XCTUnwrap(FixtureManifest.load(from: folder))
        XCTAssertEqual(manifest.recordings.map(\.provider), ["fruityvice"])
        // Sample mode now prefers the user's set; doctor says so.
        let doctor = try runAlmanac(["doctor"], home: home)
        XCTAssertTrue(doctor.out.contains("\(folder.path) (yours, recorded "), doctor.out)
        // A partial set of the user's never relabels the shipped answers it does not hold.
        let weather = try runAlmanac(["weather", "Moscow", "--offline"], home: home)
        XCTAssertTrue(weather.out.contains("Source: sample data recorded on 2026-11-20"), weather.out)
        try FileManager.default.removeItem(at: home.appendingPathComponent("cache"))  // the recording, not the cache
        let fruit = try runAlmanac(["fruit", "list", "--offline"], home: home)
        XCTAssertTrue(fruit.out.contains("recorded on \(try XCTUnwrap(manifest.recordedOn))"), fruit.out)
    }

    func testAProviderWithoutAKeyIsSkippedWithANote() throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(
            ["fixtures", "record", "--provider", "twelvedata", "--to", home.appendingPathComponent("x").path],
            home: home, environment: server.environment)
        XCTAssertEqual(result.status, 69, "nothing recorded: \(result.err)")
        XCTAssertTrue(result.err.contains("twelvedata skipped: TWELVEDATA_API_KEY is not set"), result.err)
        XCTAssertTrue(result.out.contains("Nothing was recorded, so nothing was written to"), result.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("x/manifest.json").path), "no empty set")
        // Offline, nothing is recorded: the shipped sample data keeps its label.
        let offline = try runAlmanac(["fixtures", "record", "--offline"], home: home)
        XCTAssertEqual(offline.status, 69, offline.err)
        XCTAssertTrue(offline.err.contains("metno skipped: working offline asks for no network"), offline.err)
        XCTAssertTrue(try runAlmanac(["weather", "Moscow"], home: home).out.contains("Source: sample data recorded on 2026-11-20"))
        assertOneLineError(
            try runAlmanac(["fixtures", "record", "--to", "/nonexistent/set"], home: home), status: 73, contains: "No folder /nonexistent")
    }

    func testTheShippedManifestIsCurrent() throws {
        let shipped = try XCTUnwrap(FixtureManifest.load(from: repositoryFixtures))
        let fresh = FixtureManifest.index(
            repositoryFixtures, program: shipped.program, recordedAt: shipped.recordedAt, recordedOn: shipped.recordedOn)
        XCTAssertEqual(shipped, fresh, "run: almanac fixtures index Fixtures")
    }

    func testAnUnreachableFruityviceAnswersFromSampleData() throws {
        let home = try makeTemporaryFolder(self)
        let down = ["ALMANAC_FRUITYVICE_URL": "http://127.0.0.1:9/"]
        let list = try runAlmanac(["fruit", "list"], home: home, environment: down)
        XCTAssertEqual(list.status, 0, list.err)
        XCTAssertTrue(list.err.contains("Fruityvice unreachable; showing sample data recorded on 2026-11-20."), list.err)
        XCTAssertTrue(list.out.contains("Source: sample data"), list.out)
        assertOneLineError(try runAlmanac(["fruit", "list", "--refresh"], home: home, environment: down), status: 69, contains: "Could not connect")
    }

    func testJSONSpanFindsTheRawBody() {
        let data = Data(#"{"request":{"path":"/a","query":{"x":"}"}},"response":{"status":200,"body":{"a":[1,{"b":"\"]"}],"c":null}}}"#.utf8)
        XCTAssertEqual(
            JSONSpan.value(at: ["response", "body"], in: data).map { String(decoding: $0, as: UTF8.self) }, #"{"a":[1,{"b":"\"]"}],"c":null}"#)
        XCTAssertNil(JSONSpan.value(at: ["response", "missing"], in: data))
        XCTAssertNil(JSONSpan.value(at: ["response", "body"], in: Data(#"{"response":{"body":{"a":"#.utf8)))
    }

    /// The document with `source`, `fetchedAt` and `stale` removed at every level.
    private static func withoutProvenance(_ text: String) throws -> NSDictionary {
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return object.filter { !["source", "fetchedAt", "recordedOn", "stale"].contains($0.key) }.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return (strip(object) as? [String: Any] ?? ["items": strip(object)]) as NSDictionary
    }
}
