import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// One exam. Its `id` never changes once given.
public struct Exam: Codable, Sendable, Equatable {
    /// Stable; never reused after a deletion.
    public var id: Int
    /// The exam's name, one line of at most 100 characters.
    public var name: String
    /// Its date and time, in the user's time zone.
    public var when: ExamDateTime
    /// True once filed as passed.
    public var passed: Bool
    /// When it was filed; makes the calendar UID unique across installs.
    public var created: Date
}

/// Pending and passed exams (`exams.json`).
public struct ExamsDocument: StoredDocument, Equatable {
    public static let schemaVersion = 1
    public static let fileName = "exams.json"
    public static func initial() -> ExamsDocument { ExamsDocument() }

    /// The ID the next filed exam gets.
    public var nextID = 1
    /// Pending and passed exams, in filing order.
    public var exams: [Exam] = []

    /// No exams.
    public init() {}

    /// IDs are never reused: the next one follows the highest recovered.
    public mutating func afterRecovery() {
        nextID = max(nextID, (exams.map(\.id).max() ?? 0) + 1)
    }
}

/// Exams of one month, for sectioned lists.
public struct ExamMonth: Sendable, Equatable {
    /// The calendar year.
    public var year: Int
    /// The month, 1…12.
    public var month: Int
    /// The month's exams in date order.
    public var exams: [Exam]

    /// A month as given.
    public init(year: Int, month: Int, exams: [Exam]) {
        self.year = year
        self.month = month
        self.exams = exams
    }

    /// `December 2026`
    public var title: String { "\(LocalDate.monthNames[month - 1]) \(year)" }
}
