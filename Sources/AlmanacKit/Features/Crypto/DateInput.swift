import Foundation

/// Dates typed by users: `YYYY-MM-DD`, `today`, `yesterday`.
public enum DateInput {
    public static func parse(_ text: String, today: LocalDate, flag: String) throws -> LocalDate {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default:
            guard let date = LocalDate(text.trimmingCharacters(in: .whitespaces)) else {
                throw UsageError("\(flag) must be a real date as YYYY-MM-DD, today or yesterday, not \"\(text)\".")
            }
            return date
        }
    }

    /// A validated inclusive range: both dates real, `from` ≤ `to`, neither after today.
    public static func range(from: String?, to: String?, today: LocalDate, defaultDays: Int) throws -> ClosedRange<LocalDate> {
        let end = try to.map { try parse($0, today: today, flag: "--to") } ?? today
        let start = try from.map { try parse($0, today: today, flag: "--from") } ?? end.adding(days: -(defaultDays - 1))
        if start > today { throw UsageError("--from \(start) is after today (\(today)).") }
        if end > today { throw UsageError("--to \(end) is after today (\(today)).") }
        if start > end { throw UsageError("--from \(start) is after --to \(end).") }
        return start...end
    }
}
