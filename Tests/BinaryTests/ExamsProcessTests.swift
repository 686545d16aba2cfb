import Foundation
import XCTest

@testable import TestHarness

/// `exams add` from several processes at once: the file's lock keeps every exam.
final class ExamsProcessTests: XCTestCase {
    private let today = ["ALMANAC_TODAY": "2026-11-21"]

    /// Four processes at once (two cores: their reads and writes of the one file interleave): the
    /// file's lock keeps every exam, each with its own ID.
    func testFourConcurrentAddsLeaveFourExams() throws {
        let home = try makeTemporaryFolder(self)
        let binary = productsFolder.appendingPathComponent("almanac")
        let processes = try (0..<4).map { index -> Process in
            let process = Process()
            process.executableURL = binary
            process.arguments = ["exams", "add", "Exam \(index)", "--date", "2026-12-\(String(format: "%02d", index + 1)) 10:00"]
            process.environment = ["ALMANAC_HOME": home.path, "ALMANAC_TODAY": "2026-11-21", "PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        XCTAssertTrue(processes.allSatisfy { $0.terminationStatus == 0 })
        let json = try runAlmanac(["exams", "--json"], home: home, environment: today)
        let exams = (try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: [[String: Any]]])?["exams"] ?? []
        XCTAssertEqual(exams.count, 4)
        XCTAssertEqual(Set(exams.compactMap { $0["id"] as? Int }), Set(1...4))
    }
}
