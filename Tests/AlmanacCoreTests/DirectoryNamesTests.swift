import Foundation
import XCTest

@testable import AlmanacCore

final class DirectoryNamesTests: XCTestCase {
    func testListsWhatFileManagerLists() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a.json", ".hidden", "Açaí berry.json", "🍓.json"] {
            try Data("{}".utf8).write(to: folder.appendingPathComponent(name))
        }
        let names = try XCTUnwrap(DirectoryNames.list(atPath: folder.path))
        XCTAssertEqual(Set(names), ["a.json", ".hidden", "Açaí berry.json", "🍓.json", "sub"])
        XCTAssertEqual(Set(names), Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)))
    }

    func testAMissingFolderIsNil() {
        XCTAssertNil(DirectoryNames.list(atPath: "/nonexistent-\(UUID().uuidString)"))
    }
}
