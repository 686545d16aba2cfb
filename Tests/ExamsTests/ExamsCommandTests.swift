import Foundation
import XCTest

@testable import Exams
@testable import TestHarness

final class ExamsCommandTests: XCTestCase {
    private let today = ["ALMANAC_TODAY": "2026-11-21"]

    func testPersistenceAcrossRunsAndListing() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(
            try runAlmanac(["exams", "add", "Linear algebra", "--date", "2026-12-03 09:30"], home: home, environment: today).out,
            "Added exam 1: Linear algebra, 2026-12-03 09:30.\n")
        _ = try runAlmanac(["exams", "add", "Physics", "--date", "2027-01-15T14:00"], home: home, environment: today)
        let listing = try runAlmanac(["exams"], home: home, environment: today)
        XCTAssertEqual(
            listing.out,
            """
            December 2026
            ID  Exam            Date       Time   Days left
            ──  ──────────────  ─────────  ─────  ─────────
             1  Linear algebra  Thu 3 Dec  09:30         12

            January 2027
            ID  Exam     Date        Time   Days left
            ──  ───────  ──────────  ─────  ─────────
             2  Physics  Fri 15 Jan  14:00         55

            """)
        let json = try runAlmanac(["exams", "--json"], home: home, environment: today)
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: [[String: Any]]]
        XCTAssertEqual(object?["exams"]?.first?["dateTime"] as? String, "2026-12-03T09:30")
        XCTAssertEqual(object?["exams"]?.first?["daysLeft"] as? Int, 12)
    }

    func testConfirmationRules() throws {
        let home = try makeTemporaryFolder(self)
        _ = try runAlmanac(["exams", "add", "Chemistry", "--date", "2026-12-03 09:30"], home: home, environment: today)
        assertOneLineError(try runAlmanac(["exams", "pass", "1"], home: home, environment: today), status: 64, contains: "add --yes")
        assertOneLineError(try runAlmanac(["exams", "delete", "1"], home: home, environment: today), status: 64, contains: "add --yes")
        XCTAssertEqual(try runAlmanac(["exams", "pass", "1", "--yes"], home: home, environment: today).status, 0)
        XCTAssertTrue(try runAlmanac(["exams", "passed"], home: home, environment: today).out.contains("Chemistry"))
        assertOneLineError(try runAlmanac(["exams", "pass", "x"], home: home, environment: today), status: 64, contains: "x")
        assertOneLineError(
            try runAlmanac(["exams", "reschedule", "9", "--date", "2026-12-03 10:00"], home: home, environment: today),
            status: 64, contains: "No exam with ID 9. IDs: 1.")
    }

    func testExportWritesAFile() throws {
        let home = try makeTemporaryFolder(self)
        _ = try runAlmanac(["exams", "add", "Biology", "--date", "2026-12-03 09:30"], home: home, environment: today)
        let file = home.appendingPathComponent("exams.ics")
        XCTAssertEqual(
            try runAlmanac(["exams", "export", "--ics", file.path], home: home, environment: today).out, "Wrote 1 exam to \(file.path).\n")
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("SUMMARY:Biology\r\n"))
        let missing = home.appendingPathComponent("no-such-folder/exams.ics")
        assertOneLineError(
            try runAlmanac(["exams", "export", "--ics", missing.path], home: home, environment: today), status: 73,
            contains: "No folder \(missing.deletingLastPathComponent().path); create it first.")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path), "no folder is created")
        // One rule for every file written: an existing one is replaced only with --force, as deals export.
        let before = try Data(contentsOf: file)
        _ = try runAlmanac(["exams", "add", "Chemistry", "--date", "2026-12-04 09:30"], home: home, environment: today)
        assertOneLineError(
            try runAlmanac(["exams", "export", "--ics", file.path], home: home, environment: today), status: 73,
            contains: "already exists; nothing was written (--force replaces it).")
        XCTAssertEqual(try Data(contentsOf: file), before)
        let forced = try runAlmanac(["exams", "export", "--ics", file.path, "--force"], home: home, environment: today)
        XCTAssertEqual(forced.out, "Wrote 2 exams to \(file.path).\n", forced.err)
    }
}
