import AlmanacClient
import AlmanacCore
import Foundation

/// What an exam request cannot do, as values, each worded once (see `WeatherError`).
package enum ExamError: UserInputError, Equatable {
    /// A new pending exam dated in the past (`when` as the person typed it, normalised).
    case pastDate(String)
    /// A new date for an exam that is in the past.
    case rescheduledToPast(String)
    /// A name that is empty once trimmed.
    case emptyName
    /// A name longer than 100 characters (`count` of them).
    case nameTooLong(count: Int)
    /// A name with a line break in it.
    case multilineName
    /// Text that is not `YYYY-MM-DD HH:MM`.
    case invalidDateTime(String)
    /// No exam has this ID; `ids` are the ones there are.
    case unknownID(Int, ids: [Int])
    /// The exam with this ID is already passed.
    case alreadyPassed(Int)

    package var description: String {
        switch self {
        case .pastDate(let when):
            "\(when) is in the past; a new pending exam needs a future date, or to be filed as passed."
        case .rescheduledToPast(let when): "\(when) is in the past; choose a future date and time."
        case .emptyName: "An exam name cannot be empty or only spaces."
        case .nameTooLong(let count): "An exam name must be at most 100 characters (this one has \(count))."
        case .multilineName: "An exam name must be one line."
        case .invalidDateTime(let text): "\"\(text)\" is not a date and time; use \"YYYY-MM-DD HH:MM\" (e.g. \"2026-12-01 09:30\")."
        case .unknownID(let id, let ids):
            "No exam with ID \(id)." + (ids.isEmpty ? " There are no exams yet." : " IDs: \(ids.map(String.init).joined(separator: ", ")).")
        case .alreadyPassed(let id): "Exam \(id) is already passed."
        }
    }
}
