import Foundation
import XCTest

@testable import AlmanacCore
@testable import TestHarness

private struct Notes: StoredDocument {
    static let schemaVersion = 2
    static let fileName = "notes.json"
    static func initial() -> Notes { Notes(items: []) }

    /// Version 1 kept `lines: [String]`; version 2 calls them `items`.
    static func migrate(_ data: JSONValue, from version: Int) -> JSONValue {
        guard version == 1 else { return data }
        return .object([("items", data["lines"] ?? .array([]))])
    }

    var items: [String]
}

final class DocumentStoreTests: XCTestCase {
    /// A run reads a document once (docs/architecture.md §2, item 8): a second read while the
    /// file keeps its stamp is the same value with no file read, takes no lock (no lock file is
    /// made), and a change by another run or by this run's own update is read again.
    func testARunReadsADocumentOnceAndSeesEveryChange() throws {
        let folder = try makeTemporaryFolder(self)
        let file = folder.appendingPathComponent("notes.json")
        try Data(#"{"schema":2,"data":{"items":["first"]}}"#.utf8).write(to: file)
        let memo = DocumentMemo()
        let store = DocumentStore<Notes>(folder: folder, memo: memo)
        XCTAssertEqual(try store.read().items, ["first"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path + ".lock"), "a read takes no lock")
        let kept = memo.document(Notes.self, at: file.path, stamp: FileStamp(path: file.path))
        XCTAssertEqual(kept?.items, ["first"], "the next read is answered from the memo")
        try DocumentStore<Notes>(folder: folder).update { $0.items.append("another run") }
        XCTAssertEqual(try store.read().items, ["first", "another run"], "another run's write has another stamp")
        try store.update { $0.items.append("this run") }
        XCTAssertEqual(try store.read().items, ["first", "another run", "this run"])
    }

    func testUpdateAndReadBack() throws {
        let folder = try makeTemporaryFolder(self)
        let store = DocumentStore<Notes>(folder: folder)
        XCTAssertEqual(try store.read().items, [])
        try store.update { $0.items.append("one") }
        try store.update { $0.items.append("two") }
        XCTAssertEqual(try DocumentStore<Notes>(folder: folder).read().items, ["one", "two"])
        let text = try String(contentsOf: folder.appendingPathComponent("notes.json"), encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\"schema\":2,\"data\":"))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("notes.json").path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)
    }

    func testOlderVersionIsMigratedOnRead() throws {
        let folder = try makeTemporaryFolder(self)
        try Data("{\"schema\":1,\"data\":{\"lines\":[\"old\"]}}".utf8).write(to: folder.appendingPathComponent("notes.json"))
        XCTAssertEqual(try DocumentStore<Notes>(folder: folder).read().items, ["old"])
    }

    func testNewerVersionIsNeverOverwritten() throws {
        let folder = try makeTemporaryFolder(self)
        let file = folder.appendingPathComponent("notes.json")
        let future = Data("{\"schema\":9,\"data\":{\"items\":[\"future\"]}}".utf8)
        try future.write(to: file)
        XCTAssertThrowsError(try DocumentStore<Notes>(folder: folder).update { $0.items.append("x") }) { error in
            XCTAssertEqual(error as? StoreError, .newerVersion(file: file.path, found: 9, known: 2))
            XCTAssertTrue("\(error)".contains("newer Almanac (schema 9, this one knows 2)"))
        }
        XCTAssertEqual(try Data(contentsOf: file), future)
    }

    func testCorruptDocumentIsMovedAsideAndReported() throws {
        let folder = try makeTemporaryFolder(self)
        try Data("{\"schema\":2,\"data\":{\"items\":[\"half".utf8).write(to: folder.appendingPathComponent("notes.json"))
        let capture = CapturedConsole()
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let store = DocumentStore<Notes>(folder: folder, console: capture.console, clock: clock)
        try store.update { $0.items.append("fresh") }
        XCTAssertEqual(try store.read().items, ["fresh"])
        let aside = folder.appendingPathComponent("notes.corrupt-1800000000.json")
        XCTAssertEqual(try String(contentsOf: aside, encoding: .utf8), "{\"schema\":2,\"data\":{\"items\":[\"half")
        XCTAssertTrue(capture.err.contains("notes.json was unreadable; it was moved to \(aside.path)"), capture.err)
    }
}
