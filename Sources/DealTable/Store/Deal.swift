import AlmanacCore
import Foundation

/// One trading deal as the deal server streams it.
package struct Deal: Sendable, Equatable, Codable {
    /// Which way the deal went: bought or sold.
    package enum Side: String, Sendable, Codable, CaseIterable {
        case buy, sell
    }

    /// The deal's number, unique in a stream.
    package var id: Int64
    /// When the deal last changed.
    package var dateModified: Date
    /// `EUR/USD_TOD`: the pair and the settlement.
    package var instrumentName: String
    /// Price per unit, in the quote currency.
    package var price: Double
    /// Amount traded, in units of the base currency.
    package var amount: Double
    /// Buy or sell.
    package var side: Side

    package init(id: Int64, dateModified: Date, instrumentName: String, price: Double, amount: Double, side: Side) {
        self.id = id
        self.dateModified = dateModified
        self.instrumentName = instrumentName
        self.price = price
        self.amount = amount
        self.side = side
    }
}

/// The columns the table can be sorted by: `dateModified`, `instrumentName`, `price`, `amount`
/// and `side` (buys first when ascending).
package enum DealColumn: String, Sendable, CaseIterable, Codable {
    case date, instrument, price, amount, side

    /// The column's heading: `Date modified`, `Instrument`, `Price`, `Amount`, `Side`.
    package var title: String { self == .date ? "Date modified" : rawValue.capitalized }
}
