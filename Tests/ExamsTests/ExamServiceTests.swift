import AlmanacClient
import Foundation
import XCTest

@testable import Exams
@testable import FrontKit
@testable import TerminalKit
@testable import TestHarness

final class ExamServiceTests: XCTestCase {
    private func service(today: String = "2026-11-21") throws -> ExamService {
        let home = try makeTemporaryFolder(self)
        let configuration = makeConfiguration(home: home, ["ALMANAC_TODAY": today])
        let context = AppContext(
            configuration: configuration, console: .silent, client: makeClient(configuration, console: .silent))
        return ExamService(context: context)
    }

    func testGroupingByMonthAcrossYears() throws {
        let exams = try service()
        try exams.add(name: "B", date: "2027-12-02 10:00")
        try exams.add(name: "A", date: "2026-12-20 09:00")
        try exams.add(name: "C", date: "2026-12-01 08:00")
        try exams.add(name: "D", date: "2027-01-05 12:00")
        let months = ExamService.group(try exams.exams(passed: false))
        XCTAssertEqual(months.map(\.title), ["December 2026", "January 2027", "December 2027"])
        XCTAssertEqual(months[0].exams.map(\.name), ["C", "A"])
    }

    func testIDsAreStable() throws {
        let exams = try service()
        let first = try exams.add(name: "One", date: "2026-12-01 10:00")
        let second = try exams.add(name: "Two", date: "2026-12-02 10:00")
        try exams.delete(id: first.id)
        let third = try exams.add(name: "Three", date: "2026-11-30 10:00")
        try exams.pass(id: second.id)
        XCTAssertEqual(third.id, 3)
        XCTAssertEqual(try exams.exam(id: 2).name, "Two")
        XCTAssertEqual(try exams.exams(passed: true).map(\.id), [2])
        let moved = try exams.reschedule(id: 3, date: "2026-12-24 11:15")
        XCTAssertEqual(moved.name, "Three")
        XCTAssertEqual(moved.when.description, "2026-12-24 11:15")
    }

    func testValidationMessages() throws {
        let exams = try service()
        let long = String(repeating: "x", count: 101)
        let cases: [(() throws -> Void, String)] = [
            ({ try exams.add(name: "  ", date: "2026-12-01 10:00") }, "An exam name cannot be empty or only spaces."),
            ({ try exams.add(name: long, date: "2026-12-01 10:00") }, "An exam name must be at most 100 characters (this one has 101)."),
            (
                { try exams.add(name: "X", date: "2026-02-30 10:00") },
                "\"2026-02-30 10:00\" is not a date and time; use \"YYYY-MM-DD HH:MM\" (e.g. \"2026-12-01 09:30\")."
            ),
            (
                { try exams.add(name: "X", date: "2026-12-01 24:00") },
                "\"2026-12-01 24:00\" is not a date and time; use \"YYYY-MM-DD HH:MM\" (e.g. \"2026-12-01 09:30\")."
            ),
            (
                { try exams.add(name: "X", date: "2026-11-20 10:00") },
                "2026-11-20 10:00 is in the past; a new pending exam needs a future date, or to be filed as passed (--passed)."
            ),
            ({ try exams.pass(id: 42) }, "No exam with ID 42. There are no exams yet."),
        ]
        for (action, message) in cases {
            XCTAssertThrowsError(try action()) { error in
                XCTAssertEqual(ErrorSentence.text(error, for: .commandLine), message)
                XCTAssertEqual(ExitStatus.code(for: error), 64)
            }
        }
        XCTAssertEqual(try exams.add(name: "  Trimmed  ", date: "2026-11-20T10:00", passed: true).name, "Trimmed")
        XCTAssertThrowsError(try exams.pass(id: 1)) { XCTAssertEqual($0 as? ExamError, .alreadyPassed(1)) }
        XCTAssertEqual(try exams.add(name: "Trimmed", date: "2026-12-01 10:00").id, 2, "two exams may share a name")
    }

    func testICSFoldingEscapingAndCRLF() throws {
        let exams = try service()
        let name = "Thermodynamics, statistical physics; and a very long title that needs folding — ünïcödé"
        let exam = try exams.add(name: name, date: "2026-12-01 09:30")
        let text = CalendarExport.ics([exam], timeZone: TimeZone(identifier: "Europe/Berlin")!, now: Date(timeIntervalSince1970: 0))
        XCTAssertTrue(text.hasSuffix("END:VCALENDAR\r\n"))
        XCTAssertFalse(text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends with CRLF")
        for line in text.components(separatedBy: "\r\n") { XCTAssertLessThanOrEqual(line.utf8.count, 75) }
        // Unfold (RFC 5545 §3.1) and read the properties back.
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        let properties = Dictionary(
            unfolded.components(separatedBy: "\r\n").compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), String(line[line.index(after: colon)...]))
            }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(properties["DTSTART"], "20261201T083000Z")
        XCTAssertEqual(properties["DURATION"], "PT1H")
        XCTAssertEqual(properties["SUMMARY"], "Thermodynamics\\, statistical physics\\; and a very long title that needs folding — ünïcödé")
        XCTAssertEqual(properties["UID"], "exam-1-\(Int(exam.created.timeIntervalSince1970))@almanac")
    }
}
