import AlmanacClient
import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacProviders
@testable import TestHarness
@testable import Weather

/// A sample answer is kept with the stamps of the files it came from and served from that one
/// file in later runs — only while none of them changed.
final class FixtureReplayTests: XCTestCase {
    private let quote = TwelveData.quotes(["BTC/USD"]).descriptor

    /// A copy of the shipped set and a replay folder, in a temporary folder.
    private func makeSet() throws -> (set: URL, replay: URL) {
        let root = try makeTemporaryFolder(self)
        let set = root.appendingPathComponent("set")
        try FileManager.default.copyItem(at: repositoryFixtures, to: set)
        return (set, root.appendingPathComponent("replay"))
    }

    /// A transport as a new run makes one; files are kept at once (no settling time).
    private func transport(_ set: URL, replay: URL, settle: TimeInterval = 0) -> FixtureTransport {
        FixtureTransport(folders: [set], providers: Provider.allCases, replay: FixtureReplay(folder: replay, settle: settle))
    }

    private func keptFiles(_ replay: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: replay, includingPropertiesForKeys: nil)) ?? []).filter { $0.pathExtension == "replay" }
    }

    /// Rewrites the kept file's body and recording day, so a served answer shows where it came from.
    private func tamper(_ file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let blank = try XCTUnwrap(lines.firstIndex(of: ""))
        lines[3] = "2001-02-03"
        lines = Array(lines[...blank]) + [#"{"kept":true}"#]
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
    }

    func testAKeptAnswerIsServedFromItsFileWithTheRecordingDay() throws {
        let (set, replay) = try makeSet()
        let first = try transport(set, replay: replay).respond(to: quote)
        let kept = try XCTUnwrap(keptFiles(replay).first)
        XCTAssertEqual(keptFiles(replay).count, 1)
        XCTAssertEqual(try transport(set, replay: replay).respond(to: quote), first, "an unchanged kept answer is the same answer")

        try tamper(kept)
        let next = transport(set, replay: replay)
        XCTAssertEqual(String(decoding: try next.respond(to: quote).body, as: UTF8.self), #"{"kept":true}"#)
        XCTAssertEqual(next.recordedOn, LocalDate("2001-02-03"), "the recording day comes with the kept answer, no manifest read")
    }

    func testAnyChangeToTheFilesAnAnswerCameFromWorksItOutAgain() throws {
        let (set, replay) = try makeSet()
        let truth = try transport(set, replay: replay).respond(to: quote)
        let kept = try XCTUnwrap(keptFiles(replay).first)
        let recording = set.appendingPathComponent("twelvedata/quote-btc.json")
        let changes: [(String, () throws -> Void)] = [
            ("the recording rewritten as it was", { try Data(contentsOf: recording).write(to: recording) }),
            ("a recording added by hand", { try Data("{}".utf8).write(to: set.appendingPathComponent("twelvedata/extra.json")) }),
            (
                "the manifest rewritten",
                { try Data(contentsOf: set.appendingPathComponent("manifest.json")).write(to: set.appendingPathComponent("manifest.json")) }
            ),
            ("the RECORDED file removed", { try FileManager.default.removeItem(at: set.appendingPathComponent("RECORDED")) }),
        ]
        for (change, apply) in changes {
            try tamper(kept)
            Thread.sleep(forTimeInterval: 0.05)  // past the file system's time tick
            try apply()
            let answer = try transport(set, replay: replay).respond(to: quote)
            XCTAssertEqual(answer.body, truth.body, change)
        }
        var other = quote
        other.query = [QueryItem("symbol", "ETH/USD")]
        XCTAssertNotEqual(try transport(set, replay: replay).respond(to: other).body, truth.body, "another request has its own file")
        XCTAssertEqual(keptFiles(replay).count, 2)
    }

    func testOnlySettledSuccessesAreKeptAndAFolderThatCannotBeWrittenIsNoFailure() throws {
        let (set, replay) = try makeSet()
        XCTAssertNoThrow(try transport(set, replay: replay, settle: 3600).respond(to: quote))
        XCTAssertTrue(keptFiles(replay).isEmpty, "files changed within the settling time are not relied on")

        var missing = quote
        missing.path = "/nothing_recorded"
        XCTAssertThrowsError(try transport(set, replay: replay).respond(to: missing))
        XCTAssertTrue(keptFiles(replay).isEmpty, "a missing recording is not kept")

        let blocked = set.appendingPathComponent("manifest.json")  // a file where the folder should be
        XCTAssertEqual(try transport(set, replay: blocked).respond(to: quote).status, 200)
    }

    /// Through the program: the second run of a sample command answers from the kept files, the
    /// same to the byte; `cache clear` forgets them with the cached responses.
    func testASecondSampleRunAnswersTheSameFromKeptAnswers() throws {
        let home = try makeTemporaryFolder(self)
        let kept = home.appendingPathComponent("cache/replay")
        for arguments in [["weather", "forecast", "Moscow"], ["crypto", "history", "ETH"], ["fruit", "list"]] {
            let first = try runAlmanac(arguments + ["--json", "--offline"], home: home)
            XCTAssertEqual(first.status, 0, first.err)
            let second = try runAlmanac(arguments + ["--json", "--offline"], home: home)
            XCTAssertEqual(second.out, first.out, "\(arguments)")
            XCTAssertEqual(second.err, first.err, "\(arguments)")
        }
        XCTAssertEqual(keptFiles(kept).count, 7, "geocoder, weather, ensemble, UV, series, quote, catalogue (--json asks no normals)")
        let clear = try runAlmanac(["cache", "clear"], home: home)
        XCTAssertEqual(clear.status, 0, clear.err)
        XCTAssertTrue(keptFiles(kept).isEmpty)
    }

    /// A sample answer whose endpoint has a kept form (`Endpoint.keeping`) is given and kept in
    /// that form, as the cache keeps a live one: the normals, not 30 years of days — the first run
    /// as the later ones, so that both say the same.
    func testASampleAnswerIsGivenAndKeptInItsEndpointsKeptForm() throws {
        let (set, replay) = try makeSet()
        let endpoint = ClimateNormals.endpoint(latitude: 55.7558, longitude: 37.6173)
        let first = try transport(set, replay: replay).respondRecorded(endpoint.descriptor, keeping: endpoint.kept)
        let recording = try Data(contentsOf: set.appendingPathComponent("openmeteo/archive-moscow.json"))
        XCTAssertLessThan(first.body.count * 4, recording.count, "the normals, not the archive")
        XCTAssertEqual(keptFiles(replay).count, 1)
        let again = try transport(set, replay: replay).respondRecorded(endpoint.descriptor, keeping: endpoint.kept)
        XCTAssertEqual(again.body, first.body)
        XCTAssertEqual(try endpoint.decode(again.body).days.count, 43)
        let plain = try transport(set, replay: try makeTemporaryFolder(self)).respondRecorded(endpoint.descriptor)
        XCTAssertGreaterThan(plain.body.count, first.body.count * 4, "without a kept form, the answer as recorded")
    }

    func testKeptAnswersStayWithinTheirCapOldestWrittenFirst() throws {
        let (set, replay) = try makeSet()
        let transport = FixtureTransport(
            folders: [set], providers: Provider.allCases, replay: FixtureReplay(folder: replay, settle: 0, limitBytes: 4_000))
        var sizes: [Int] = []
        for symbol in ["BTC/USD", "ETH/USD", "SOL/USD", "ADA/USD", "XRP/USD"] {
            var request = quote
            request.query = [QueryItem("symbol", symbol)]
            _ = try transport.respond(to: request)
            Thread.sleep(forTimeInterval: 0.02)  // distinct write times
            let files = keptFiles(replay)
            sizes.append(try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) })
        }
        XCTAssertTrue(sizes.allSatisfy { $0 <= 4_000 }, "\(sizes)")
        var newest = quote
        newest.query = [QueryItem("symbol", "XRP/USD")]
        let kept = try XCTUnwrap(transport.keptAnswerPath(for: newest))
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept), "the answer just written stays")
        XCTAssertFalse(FileManager.default.fileExists(atPath: try XCTUnwrap(transport.keptAnswerPath(for: quote))), "the first one went")
    }

    func testForgettingKeptAnswersByProvider() throws {
        let (set, replay) = try makeSet()
        let transport = transport(set, replay: replay)
        _ = try transport.respond(to: quote)
        _ = try transport.respond(to: Fruityvice.all().descriptor)
        XCTAssertEqual(keptFiles(replay).count, 2)
        XCTAssertEqual(transport.forgetKeptAnswers(provider: .fruityvice), 1)
        XCTAssertEqual(keptFiles(replay).map { String($0.lastPathComponent.prefix(11)) }, ["twelvedata-"])
        XCTAssertEqual(transport.forgetKeptAnswers(), 1)
        XCTAssertTrue(keptFiles(replay).isEmpty)
    }

    /// A recording of a long series answers a shorter range as the provider would: only its days.
    func testARecordedSeriesAnswersOnlyTheDaysAsked() throws {
        let transport = FixtureTransport(folder: repositoryFixtures, providers: Provider.allCases)
        func days(_ start: String, _ end: String) throws -> [String] {
            let endpoint = TwelveData.timeSeries("ETH/USD", start: LocalDate(start)!, endExclusive: LocalDate(end)!, closed: true)
            return try endpoint.decode(try transport.respond(to: endpoint.descriptor).body).values?.map(\.datetime) ?? []
        }
        XCTAssertEqual(try days("2026-11-14", "2026-11-21"), (14...20).map { "2026-11-\($0)" })
        XCTAssertEqual(try days("2026-11-20", "2026-11-21"), ["2026-11-20"], "the end day is left out, as the provider does")
        XCTAssertEqual(try days("2020-01-01", "2020-02-01"), [], "before the recording: no rows, none made up")
        XCTAssertEqual(try days("2025-01-01", "2027-01-01").count, 430)
    }

    func testJSONSpanFiltersAnArrayKeepingEveryOtherByte() {
        let data = Data(
            #"{"meta":{"x":"[\"]"}, "values" : [ {"d":"2026-01-02"} ,{"d":"2026-01-05","v":[1]},{"v":2}, {"d":"2025-12-31"}],"status":"ok"}"#.utf8)
        let kept = JSONSpan.filtering("values", by: "d", in: data) { String(decoding: $0, as: UTF8.self) >= "2026-01-01" }
        XCTAssertEqual(
            kept.map { String(decoding: $0, as: UTF8.self) },
            #"{"meta":{"x":"[\"]"}, "values" : [{"d":"2026-01-02"},{"d":"2026-01-05","v":[1]},{"v":2}],"status":"ok"}"#)
        let none = JSONSpan.filtering("values", by: "d", in: data) { _ in false }
        XCTAssertEqual(none.map { String(decoding: $0, as: UTF8.self) }, #"{"meta":{"x":"[\"]"}, "values" : [{"v":2}],"status":"ok"}"#)
        XCTAssertNil(JSONSpan.filtering("meta", by: "d", in: data) { _ in true }, "not an array")
        XCTAssertNil(JSONSpan.filtering("values", by: "d", in: Data(#"{"values":[{"d":"1"},"#.utf8)) { _ in true }, "truncated")
    }

    func testAFileStampTellsAChangedFileApart() throws {
        let folder = try makeTemporaryFolder(self)
        let file = folder.appendingPathComponent("a.json")
        XCTAssertEqual(FileStamp(path: file.path), .absent)
        try Data("one".utf8).write(to: file)
        let stamp = FileStamp(path: file.path)
        XCTAssertNotEqual(stamp, .absent)
        XCTAssertEqual(FileStamp(text: Array(stamp.text.utf8)), stamp, stamp.text)
        XCTAssertEqual(FileStamp(text: Array("-".utf8)), .absent)
        for word in ["", "1.2.3", "1.2.3.4.5.x", "1..2.3.4.5", "-1.2.3.4.5.6", "1.2.3.4.5.6.7", "99999999999999999999.1.2.3.4.5"] {
            XCTAssertNil(FileStamp(text: Array(word.utf8)), word)
        }
        XCTAssertEqual(FileStamp(path: file.path), stamp, "nothing changed")
        Thread.sleep(forTimeInterval: 0.05)  // past the file system's time tick
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data("two".utf8))  // the same size, in place
        try handle.close()
        XCTAssertNotEqual(FileStamp(path: file.path), stamp)
    }
}
