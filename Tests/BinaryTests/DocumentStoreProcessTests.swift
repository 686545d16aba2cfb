import Foundation
import XCTest

@testable import AlmanacCore
@testable import TestHarness

/// A document store shared by processes (`almanac-bench store-writer`): writers killed with
/// SIGKILL lose nothing written before, and concurrent writers lose no update.
final class DocumentStoreProcessTests: XCTestCase {
    /// A writer killed with SIGKILL at random instants never leaves a half-written document.
    func testCrashSafetyUnderSIGKILL() throws {
        let folder = try makeTemporaryFolder(self)
        let writer = productsFolder.appendingPathComponent("almanac-bench")
        var generator = SystemRandomNumberGenerator()
        for round in 0..<25 {
            let process = Process()
            process.executableURL = writer
            process.arguments = ["store-writer", folder.path, "loop"]
            try process.run()
            usleep(UInt32.random(in: 5_000...60_000, using: &generator))  // a random moment in the writer process's run to kill it
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let file = folder.appendingPathComponent("stress.json")
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], "round \(round): not JSON")
            XCTAssertEqual(root["schema"] as? Int, 1)
            let records = try XCTUnwrap((root["data"] as? [String: Any])?["records"] as? [[String: Any]])
            for record in records {
                let id = try XCTUnwrap(record["id"] as? Int)
                XCTAssertEqual((record["payload"] as? String)?.count, 20_000, "round \(round): record \(id) incomplete")
            }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertLessThanOrEqual(leftovers.count, 1, "leftovers of killed writers are cleaned by the next one")
    }

    /// Twenty processes adding one record each at once leave twenty records.
    func testConcurrentProcessesLoseNoUpdate() throws {
        let folder = try makeTemporaryFolder(self)
        let writer = productsFolder.appendingPathComponent("almanac-bench")
        let processes = try (0..<20).map { index -> Process in
            let process = Process()
            process.executableURL = writer
            process.arguments = ["store-writer", folder.path, "add", String(index)]
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        XCTAssertTrue(processes.allSatisfy { $0.terminationStatus == 0 })
        let data = try Data(contentsOf: folder.appendingPathComponent("stress.json"))
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let records = (root?["data"] as? [String: Any])?["records"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(records.compactMap { $0["id"] as? Int }), Set(0..<20))
    }
}
