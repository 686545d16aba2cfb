import Foundation
import XCTest

@testable import AlmanacCore

final class FileBytesTests: XCTestCase {
    func testReadsWholeFilesOfEverySize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [0, 1, 4095, 4096, 65_536, 300_001] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            let file = folder.appendingPathComponent("f\(size)")
            try bytes.write(to: file)
            XCTAssertEqual(FileBytes.read(atPath: file.path), bytes, "\(size) bytes")
        }
    }

    /// Files that report no size (the kernel's) are read to their end all the same.
    func testReadsFilesThatReportNoSize() throws {
        let status = try XCTUnwrap(FileBytes.read(atPath: "/proc/self/status"))
        XCTAssertTrue(String(decoding: status, as: UTF8.self).contains("Pid:"))
    }

    func testMissingFilesAndFoldersAreNil() {
        XCTAssertNil(FileBytes.read(atPath: "/nonexistent-\(UUID().uuidString)"))
        XCTAssertNil(FileBytes.read(atPath: FileManager.default.temporaryDirectory.path))
    }
}
