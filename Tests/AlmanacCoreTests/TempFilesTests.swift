import Foundation
import XCTest

@testable import AlmanacCore

/// A file being written is removed when a signal ends the program; a placed one is not touched.
final class TempFilesTests: XCTestCase {
    func testASignalRemovesOnlyTheFilesBeingWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-temp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let writing = folder.appendingPathComponent(".export.csv.1.tmp")
        let done = folder.appendingPathComponent(".done.csv.1.tmp")
        try Data("half".utf8).write(to: writing)
        try Data("kept".utf8).write(to: done)
        let slot = TempFiles.register(writing.path)
        let placed = TempFiles.register(done.path)
        TempFiles.unregister(placed)
        TempFiles.removeAllFromSignal()
        TempFiles.unregister(slot)
        XCTAssertFalse(FileManager.default.fileExists(atPath: writing.path), "the half-written export is gone")
        XCTAssertTrue(FileManager.default.fileExists(atPath: done.path), "a file no longer being written stays")
    }

    func testAnAtomicWriteLeavesNothingRegistered() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-temp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("a.json")
        try AtomicFile.write(Data("{}".utf8), to: target)
        for _ in 0..<TempFiles.capacity { XCTAssertNotNil(TempFiles.register("/nonexistent/x")) }
        for slot in 0..<TempFiles.capacity { TempFiles.unregister(slot) }
        XCTAssertEqual(try Data(contentsOf: target), Data("{}".utf8))
    }
}
