import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// One exam. Its `id` never changes once given.
public struct Exam: Codable, Sendable, Equatable {
    public var id: Int
    public var name: String
    public var when: ExamDateTime
    public var passed: Bool
    /// When it was filed; makes the calendar UID unique across installs.
    public var created: Date
}

/// Pending and passed exams (`exams.json`).
public struct ExamsDocument: StoredDocument, Equatable {
    public static let schemaVersion = 1
    public static let fileName = "exams.json"
    public static func initial() -> ExamsDocument { ExamsDocument() }

    public var nextID = 1
    public var exams: [Exam] = []

    public init() {}

    /// IDs are never reused: the next one follows the highest recovered.
    public mutating func afterRecovery() {
        nextID = max(nextID, (exams.map(\.id).max() ?? 0) + 1)
    }
}

/// Exams of one month, for sectioned lists.
public struct ExamMonth: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var exams: [Exam]

    public init(year: Int, month: Int, exams: [Exam]) {
        self.year = year
        self.month = month
        self.exams = exams
    }

    /// `December 2026`
    public var title: String { "\(LocalDate.monthNames[month - 1]) \(year)" }
}
