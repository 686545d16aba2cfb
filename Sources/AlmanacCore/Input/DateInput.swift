import Foundation

/// Dates typed by users: `YYYY-MM-DD`, `today`, `tomorrow`, `yesterday` — the one rule every
/// date option and form field reads (docs/architecture.md §9, "Input rules").
package enum DateInput {
    /// Which date a person typed: decides only how an error names it.
    package enum Field: String, Sendable, Equatable {
        case from, to, date
    }

    /// The date in `text`; `DateInputError.invalid` naming `field` when it is not one.
    package static func parse(_ text: String, today: LocalDate, field: Field) throws -> LocalDate {
        switch text.trimmingWhitespace().lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default:
            guard let date = LocalDate(text.trimmingWhitespace()) else { throw DateInputError.invalid(field, text, today: today) }
            return date
        }
    }

    /// A validated inclusive range: both dates real, `from` ≤ `to`, neither after today.
    package static func range(from: String?, to: String?, today: LocalDate, defaultDays: Int) throws -> ClosedRange<LocalDate> {
        let end = try to.map { try parse($0, today: today, field: .to) } ?? today
        let start = try from.map { try parse($0, today: today, field: .from) } ?? end.adding(days: -(defaultDays - 1))
        if start > today { throw DateInputError.afterToday(.from, start, today: today) }
        if end > today { throw DateInputError.afterToday(.to, end, today: today) }
        if start > end { throw DateInputError.reversed(from: start, to: end) }
        return start...end
    }
}

/// A typed date that cannot be used. Exit 64. The description is in plain words; a front end
/// that has flags names them (`--from`).
package enum DateInputError: UserInputError, Equatable {
    case invalid(DateInput.Field, String, today: LocalDate)
    case afterToday(DateInput.Field, LocalDate, today: LocalDate)
    case reversed(from: LocalDate, to: LocalDate)
    /// `ALMANAC_TODAY` is set to something that is not a date.
    case invalidPinnedToday(String)

    /// The sentence with each date called in words (`The start date`).
    package var description: String { sentence(naming: Self.name) }

    /// The sentence with each date called `name(field)` (`The start date`, `--from`).
    package func sentence(naming name: (DateInput.Field) -> String) -> String {
        switch self {
        case .invalid(let field, let text, _):
            "\(name(field)) must be a real date as YYYY-MM-DD, today\(field == .date ? ", tomorrow" : "") or yesterday, not \"\(text)\"."
        case .afterToday(let field, let date, let today): "\(name(field)) \(date) is after today (\(today))."
        case .reversed(let from, let to):
            "\(name(.from)) \(from) is after \(name(.to).prefix(1).lowercased() + name(.to).dropFirst()) \(to)."
        case .invalidPinnedToday(let text): "ALMANAC_TODAY must be a date as YYYY-MM-DD, not \"\(text)\"."
        }
    }

    /// A date's name in plain words.
    package static func name(_ field: DateInput.Field) -> String {
        switch field {
        case .from: "The start date"
        case .to: "The end date"
        case .date: "The date"
        }
    }
}
