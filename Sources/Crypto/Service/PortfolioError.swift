import AlmanacClient
import AlmanacCore
import Foundation

/// What a portfolio request cannot do, as values, each worded once (see `WeatherError`). Exit 64.
package enum PortfolioError: UserInputError, Equatable {
    /// Both `--cost` and `--price`.
    case costAndPrice
    /// A purchase dated after today.
    case futureDate(LocalDate, today: LocalDate)
    /// No price is known for the pair on the purchase day, to take the cost from.
    case noPriceOn(symbol: String, date: LocalDate)
    /// No lot has this ID and no lot is of this pair; `lots` lists what there is.
    case noLot(String, lots: String)

    package var description: String {
        switch self {
        case .costAndPrice: "Give the total cost or the price per unit, not both."
        case .futureDate(let date, let today): "\(date) is after today (\(today)); a purchase has a date that has come."
        case .noPriceOn(let symbol, let date):
            "No price for \(symbol) on \(date) to take the cost from; give the total cost or the price per unit."
        case .noLot(let reference, let lots): "No lot \"\(reference)\" in the portfolio (\(lots))."
        }
    }
}
