import Foundation
import XCTest

@testable import AlmanacCore

/// What a recorded run kept: the files it read once each, its stdout, until when its output
/// holds, and what spoils it (docs/architecture.md §5, "A repeated glance").
final class RunRecordTests: XCTestCase {
    override func tearDown() {
        _ = RunRecord.finish()
    }

    func testNothingIsKeptUnlessStarted() {
        RunRecord.read("/nowhere/a")
        RunRecord.spoil()
        XCTAssertNil(RunRecord.finish())
    }

    func testReadsAreKeptOnceInOrderAndHoldsTakesTheEarliest() throws {
        let start = Date(timeIntervalSince1970: 1_795_863_272.5)  // 10:54:32.5 UTC
        RunRecord.start(now: start)
        RunRecord.read("/b")
        RunRecord.read("/a")
        RunRecord.read("/b")
        RunRecord.holds(until: start.addingTimeInterval(40))  // past the minute: the minute stands
        let record = try XCTUnwrap(RunRecord.finish())
        XCTAssertEqual(record.paths, ["/b", "/a"])
        XCTAssertEqual(record.until, Date(timeIntervalSince1970: 1_795_863_300), "the end of the minute the run began in")
        XCTAssertFalse(record.spoilt)

        RunRecord.start(now: start)
        RunRecord.holds(until: start.addingTimeInterval(10))
        RunRecord.holds(until: start.addingTimeInterval(20))
        XCTAssertEqual(RunRecord.finish()?.until, start.addingTimeInterval(10), "an answer fresh for 10 s more")
    }

    func testStdoutIsKeptAndStderrSpoils() throws {
        RunRecord.start()
        Console.writeRaw("Moscow: ⛅ 0°C\n", to: STDOUT_FILENO)
        var record = try XCTUnwrap(RunRecord.finish())
        XCTAssertEqual(String(decoding: record.output, as: UTF8.self), "Moscow: ⛅ 0°C\n")
        XCTAssertFalse(record.spoilt)

        RunRecord.start()
        Console.writeRaw("", to: STDERR_FILENO)
        record = try XCTUnwrap(RunRecord.finish())
        XCTAssertTrue(record.spoilt, "a note or warning is not replayed without being said again")
    }

    func testFilesReadThroughTheStoreAreRecorded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("run-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        RunRecord.start()
        _ = FileBytes.read(atPath: folder.path + "/absent.json")
        _ = DirectoryNames.list(atPath: folder.path)
        _ = FileStamp(path: folder.path + "/looked-at")
        XCTAssertEqual(RunRecord.finish()?.paths, [folder.path + "/absent.json", folder.path, folder.path + "/looked-at"])
    }

    func testATextThatTurnsWithinTheMinuteSpoils() throws {
        let now = Date(timeIntervalSince1970: 1_795_863_272)
        RunRecord.start(now: now)
        XCTAssertEqual(RunRecord.steady(now) { _ in "🌒" }, "🌒")
        XCTAssertEqual(RunRecord.finish()?.spoilt, false)

        RunRecord.start(now: now)
        let turning = now.addingTimeInterval(20)
        XCTAssertEqual(RunRecord.steady(now) { $0 < turning ? "3" : "4" }, "3")
        XCTAssertEqual(RunRecord.finish()?.spoilt, true, "the moon's age turns 20 s into this minute")
    }
}
