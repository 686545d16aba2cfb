import AlmanacClient
import AlmanacCore
import Foundation

/// One exam. Its `id` never changes once given.
package struct Exam: Codable, Sendable, Equatable {
    /// Stable; never reused after a deletion.
    package var id: Int
    /// The exam's name, one line of at most 100 characters.
    package var name: String
    /// Its date and time, in the user's time zone.
    package var when: ExamDateTime
    /// True once filed as passed.
    package var passed: Bool
    /// When it was filed; makes the calendar UID unique across installs.
    package var created: Date
}

/// Pending and passed exams (`exams.json`).
package struct ExamsDocument: NumberedDocument, Equatable {
    package static let schemaVersion = 1
    package static let fileName = "exams.json"
    package static func initial() -> ExamsDocument { ExamsDocument() }

    /// The ID the next filed exam gets.
    package var nextID = 1
    /// Pending and passed exams, in filing order.
    package var exams: [Exam] = []

    /// No exams.
    package init() {}

    package var numbers: [Int] { exams.map(\.id) }

    /// IDs are never reused: the next one follows every ID the damaged file held.
    package mutating func afterRecovery(highestID: Int) {
        nextID = max(nextID, highestID + 1)
        afterRecovery()
    }
}

/// Exams of one month, for sectioned lists.
package struct ExamMonth: Sendable, Equatable {
    /// The calendar year.
    package var year: Int
    /// The month, 1…12.
    package var month: Int
    /// The month's exams in date order.
    package var exams: [Exam]

    /// A month as given.
    package init(year: Int, month: Int, exams: [Exam]) {
        (self.year, self.month, self.exams) = (year, month, exams)
    }

    /// `December 2026`
    package var title: String { "\(LocalDate.monthNames[month - 1]) \(year)" }
}
