import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacFuzz
@testable import TestHarness

/// Every fuzzing seed and every input a fuzzer ever found, run through its target: a crash here
/// is a regression of a fixed finding.
final class FuzzRegressionTests: XCTestCase {
    private let fuzzFolder = repositoryFixtures.deletingLastPathComponent().appendingPathComponent("Fuzz")

    func testEverySeedAndRegressionRunsCleanly() throws {
        var ran = 0
        for kind in ["corpus", "regressions"] {
            let folder = fuzzFolder.appendingPathComponent(kind)
            for target in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
                let fuzz = try XCTUnwrap(FuzzTarget.named(target), "no fuzz target \(target)")
                for file in try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path) {
                    fuzz.run(try Data(contentsOf: folder.appendingPathComponent(target).appendingPathComponent(file)))
                    ran += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(ran, 29)
        XCTAssertEqual(
            Set(FuzzTarget.all.map(\.name)),
            Set(try FileManager.default.contentsOfDirectory(atPath: fuzzFolder.appendingPathComponent("corpus").path)),
            "every target has seeds")
    }

    func testAnEmptyFileReadsAsNoBytesAndAMissingOneAsNil() throws {
        let folder = try makeTemporaryFolder(self)
        let empty = folder.appendingPathComponent("empty.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        XCTAssertEqual(FileBytes.read(atPath: empty.path), Data())
        XCTAssertNil(FileBytes.read(atPath: folder.appendingPathComponent("missing").path))
        let big = Data((0..<200_000).map { UInt8($0 % 251) })
        try big.write(to: folder.appendingPathComponent("big"))
        XCTAssertEqual(FileBytes.read(atPath: folder.appendingPathComponent("big").path), big)
        // An empty cache entry is a miss, and it is removed.
        let cache = JSONFileCache(folder: folder)
        let url = cache.fileURL(for: "k", provider: .fruityvice)
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data()))
        XCTAssertNil(cache.read(key: "k", provider: .fruityvice))
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }
}
