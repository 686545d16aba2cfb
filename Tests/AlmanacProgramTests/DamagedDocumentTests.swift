import Foundation
import XCTest

@testable import TestHarness

/// A damaged user document is news, not an empty list: every document truncated at several
/// offsets keeps the records before the cut, says so, and exits 65 only when nothing survived.
final class DamagedDocumentTests: XCTestCase {
    private let environment = ["ALMANAC_TODAY": "2026-11-21", "ALMANAC_OFFLINE": "1"]

    private struct Case {
        var file: String
        var setup: [[String]]
        var list: [String]
        /// The record names in the list command's JSON, in order.
        var names: (Any) -> [String]
    }

    private var cases: [Case] {
        [
            Case(
                file: "exams.json",
                setup: [
                    ["exams", "add", "Algebra", "--date", "2026-12-03 09:30"], ["exams", "add", "Physics", "--date", "2027-01-15 14:00"],
                    ["exams", "add", "Chemistry", "--date", "2027-02-01 10:00"], ["exams", "add", "Biology", "--date", "2027-03-01 10:00"],
                ],
                list: ["exams", "--json"], names: { names(($0 as? [String: Any])?["exams"], key: "name") }),
            Case(
                file: "fruit-log.json",
                setup: [
                    ["fruit", "eat", "Banana", "--date", "2026-11-20"], ["fruit", "eat", "Apple", "--date", "2026-11-20"],
                    ["fruit", "eat", "Mango", "--date", "2026-11-21"],
                ],
                list: ["fruit", "log", "--json"],
                names: { ((($0 as? [String: Any])?["items"] as? [[String: Any]]) ?? []).flatMap { names($0["entries"], key: "name") } }),
            Case(
                file: "weather.json", setup: [["weather", "add", "Moscow"], ["weather", "add", "London"], ["weather", "add", "Oslo"]],
                list: ["weather", "cities", "--json"],
                names: {
                    (($0 as? [String: Any])?["cities"] as? [[String: Any]] ?? []).compactMap { ($0["city"] as? [String: Any])?["name"] as? String }
                }),
            Case(
                file: "watchlist.json", setup: [["crypto", "add", "LTC"], ["crypto", "add", "DOT"]], list: ["crypto", "--json"],
                names: { names(($0 as? [String: Any])?["rows"], key: "symbol") }),
        ]
    }

    func testEveryDocumentKeepsTheRecordsBeforeTheCut() throws {
        for item in cases {
            let home = try makeTemporaryFolder(self)
            for arguments in item.setup { XCTAssertEqual(try runAlmanac(arguments, home: home, environment: environment).status, 0, "\(arguments)") }
            let file = home.appendingPathComponent("data").appendingPathComponent(item.file)
            let whole = try Data(contentsOf: file)
            let all = item.names(try json(runAlmanac(item.list, home: home, environment: environment).out))
            XCTAssertGreaterThanOrEqual(all.count, 3, item.file)
            var previous = 0
            for fraction in [0.35, 0.55, 0.75, 0.9] {
                try whole.prefix(Int(Double(whole.count) * fraction)).write(to: file)
                let result = try runAlmanac(item.list, home: home, environment: environment)
                if result.status == 65 {
                    // The cut fell inside the first record: nothing to keep, and it says so.
                    XCTAssertEqual(previous, 0, "\(item.file) at \(fraction): a longer cut lost records")
                    assertOneLineError(result, status: 65, contains: "nothing in it could be read")
                    continue
                }
                XCTAssertEqual(result.status, 0, "\(item.file) at \(fraction): \(result.err)")
                XCTAssertTrue(result.err.contains("file was damaged; what could be read was recovered"), result.err)
                XCTAssertTrue(result.err.contains("Nothing was deleted."), result.err)
                let kept = item.names(try json(result.out))
                XCTAssertEqual(kept, Array(all.prefix(kept.count)), "\(item.file) at \(fraction)")
                XCTAssertGreaterThanOrEqual(kept.count, previous, "\(item.file) at \(fraction)")
                previous = kept.count
                // The recovered document was saved: the next run is quiet and shows the same.
                let again = try runAlmanac(item.list, home: home, environment: environment)
                XCTAssertFalse(again.err.contains("damaged"), again.err)
                XCTAssertEqual(item.names(try json(again.out)), kept)
            }
            XCTAssertGreaterThan(previous, 0, "\(item.file): the longest cut keeps records")
            try whole.prefix(6).write(to: file)
            let nothing = try runAlmanac(item.list, home: home, environment: environment)
            assertOneLineError(nothing, status: 65, contains: "file was damaged and nothing in it could be read; it is kept at ")
            let aside = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).filter { $0.contains(".corrupt-") }
            XCTAssertGreaterThanOrEqual(aside.count, 1, item.file)
        }
    }

    /// A profile is one name: cut inside it, nothing is whole, and that is said (exit 65); the
    /// next run starts fresh with the damaged copy kept.
    func testADamagedProfileSaysSo() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try runAlmanac(["profile", "set-username", "alice"], home: home).status, 0)
        let file = home.appendingPathComponent("data/profile.json")
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 6).write(to: file)
        assertOneLineError(
            try runAlmanac(["profile"], home: home), status: 65, contains: "Your profile file was damaged and nothing in it could be read")
        XCTAssertEqual(try runAlmanac(["profile"], home: home).status, 0)
    }

    func testRecoveredExamsNeverReuseAKeptID() throws {
        let home = try makeTemporaryFolder(self)
        for name in ["A", "B", "C"] {
            XCTAssertEqual(
                try runAlmanac(
                    ["exams", "add", name, "--date", "2026-12-0\(name == "A" ? 1 : name == "B" ? 2 : 3) 09:00"], home: home, environment: environment
                ).status, 0)
        }
        let file = home.appendingPathComponent("data/exams.json")
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 20).write(to: file)  // the end, with nextID, is gone
        let added = try runAlmanac(["exams", "add", "D", "--date", "2026-12-04 09:00"], home: home, environment: environment)
        XCTAssertEqual(added.status, 0, added.err)
        let listed = try json(runAlmanac(["exams", "--json"], home: home, environment: environment).out) as? [String: Any]
        let exams = names(listed?["exams"], key: "id")
        XCTAssertEqual(exams.count, 3, "\(exams)")
        XCTAssertEqual(Set(exams).count, exams.count, "IDs stay unique: \(exams)")
    }

    /// The damaged third exam is not recovered, but its ID was held: the next exam is 4, not 3.
    func testAnIDRecoveredAwayIsNeverGivenAgain() throws {
        let home = try makeTemporaryFolder(self)
        for (index, name) in ["A", "B", "C"].enumerated() {
            let added = try runAlmanac(["exams", "add", name, "--date", "2026-12-0\(index + 1) 09:00"], home: home, environment: environment)
            XCTAssertEqual(added.status, 0, added.err)
        }
        let file = home.appendingPathComponent("data/exams.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let cut = try XCTUnwrap(text.range(of: "\"id\":3"))
        try String(text[..<cut.upperBound]).write(to: file, atomically: true, encoding: .utf8)  // exam 3 cut in half
        let added = try runAlmanac(["exams", "add", "D", "--date", "2026-12-04 09:00"], home: home, environment: environment)
        XCTAssertEqual(added.out, "Added exam 4: D, 2026-12-04 09:00.\n", added.err)
    }

    /// A document that exists but cannot be read is exit 74 naming it, and is never written over.
    func testAnUnreadableDocumentIsAnErrorAndNeverReplaced() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try runAlmanac(["exams", "add", "A", "--date", "2026-12-01 09:00"], home: home, environment: environment).status, 0)
        let file = home.appendingPathComponent("data/exams.json")
        let before = try Data(contentsOf: file)
        // Root reads any file, so a folder stands in for one it may not read; others also get mode 000.
        let unreadable: [URL] = [home.appendingPathComponent("data/weather.json")]
        try FileManager.default.createDirectory(at: unreadable[0], withIntermediateDirectories: false)
        if getuid() != 0 { try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path) }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path) }
        assertOneLineError(try runAlmanac(["weather", "cities"], home: home), status: 74, contains: "weather.json cannot be read (is a directory)")
        assertOneLineError(try runAlmanac(["weather", "add", "Oslo"], home: home), status: 74, contains: "nothing was changed")
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: unreadable[0].path, isDirectory: &isFolder) && isFolder.boolValue)
        if getuid() != 0 {
            assertOneLineError(try runAlmanac(["exams"], home: home), status: 74, contains: "exams.json cannot be read (permission denied)")
            assertOneLineError(
                try runAlmanac(["exams", "add", "B", "--date", "2026-12-02 09:00"], home: home), status: 74, contains: "exams.json")
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            XCTAssertEqual(try Data(contentsOf: file), before, "the exams are as they were")
        }
    }

    // MARK: - Helpers

    private func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
}

private func names(_ list: Any?, key: String) -> [String] {
    ((list as? [[String: Any]]) ?? []).compactMap { item in item[key].map { "\($0)" } }
}
