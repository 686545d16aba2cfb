import AlmanacCore
import Foundation

/// What a portfolio request cannot do, as values; `description` is plain words. Exit 64.
package enum PortfolioError: UserInputError, Equatable {
    /// An amount, cost or price that is not a plain number (`12.5`, no letters or commas).
    case notANumber(what: String, text: String)
    /// An amount (or cost, or price) of zero or less.
    case notPositive(what: String, text: String)
    /// Both `--cost` and `--price`.
    case costAndPrice
    /// A purchase dated after today.
    case futureDate(LocalDate, today: LocalDate)
    /// No price is known for the pair on the purchase day, to take the cost from.
    case noPriceOn(symbol: String, date: LocalDate)
    /// No lot has this ID and no lot is of this pair; `lots` lists what there is.
    case noLot(String, lots: String)

    /// The sentence shown.
    package var description: String {
        switch self {
        case .notANumber(let what, let text): "The \(what) must be a number such as 0.5 or 1200, not \"\(text)\"."
        case .notPositive(let what, let text): "The \(what) must be more than 0, not \(text)."
        case .costAndPrice: "Give the total cost or the price per unit, not both."
        case .futureDate(let date, let today): "\(date) is after today (\(today)); a purchase has a date that has come."
        case .noPriceOn(let symbol, let date):
            "No price for \(symbol) on \(date) to take the cost from; give the total cost or the price per unit."
        case .noLot(let reference, let lots): "No lot \"\(reference)\" in the portfolio (\(lots))."
        }
    }

    /// A positive decimal from what a person typed; `what` names it in the error.
    package static func positive(_ text: String, _ what: String) throws -> Decimal {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
            let value = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
        else { throw PortfolioError.notANumber(what: what, text: text) }
        guard value > 0 else { throw PortfolioError.notPositive(what: what, text: trimmed) }
        return value
    }
}
