import AlmanacClient
import AlmanacCore
import Foundation

/// What the user owns (`portfolio.json`): lots, each bought once, with its own cost. Several
/// lots of one pair add up in the valuation; an ID is never given to another lot.
package struct Portfolio: NumberedDocument, Equatable {
    package static let schemaVersion = 1
    package static let fileName = "portfolio.json"
    package static func initial() -> Portfolio { Portfolio() }

    /// One purchase.
    package struct Lot: Codable, Sendable, Equatable {
        /// Stable; never reused after a removal.
        package var id: Int
        /// The pair, `BTC/USD`: the amount is in its base, the cost in its quote currency.
        package var symbol: String
        /// Units of the base currency bought, more than 0 (exact: a `Decimal`).
        package var amount: Decimal
        /// What the lot cost in all, in the quote currency (exact: a `Decimal`).
        package var cost: Decimal
        /// The day it was bought.
        package var date: LocalDate

        /// A lot as given.
        package init(id: Int, symbol: String, amount: Decimal, cost: Decimal, date: LocalDate) {
            (self.id, self.symbol, self.amount, self.cost, self.date) = (id, symbol, amount, cost, date)
        }

        private enum CodingKeys: String, CodingKey { case id, symbol, amount, cost, date }

        /// Amount and cost are stored as decimal text (`"0.00001234"`), so they read back exactly.
        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func exact(_ key: CodingKeys) throws -> Decimal {
                let text = try container.decode(String.self, forKey: key)
                guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a decimal: \(text)")
                }
                return value
            }
            self.init(
                id: try container.decode(Int.self, forKey: .id), symbol: try container.decode(String.self, forKey: .symbol),
                amount: try exact(.amount), cost: try exact(.cost), date: try container.decode(LocalDate.self, forKey: .date))
        }

        /// Writes amount and cost as decimal text.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(symbol, forKey: .symbol)
            try container.encode("\(amount)", forKey: .amount)
            try container.encode("\(cost)", forKey: .cost)
            try container.encode(date, forKey: .date)
        }
    }

    /// The lots, in the order added.
    package var lots: [Lot] = []
    /// The ID the next lot gets.
    package var nextID = 1

    /// No lots.
    package init() {}

    package var numbers: [Int] { lots.map(\.id) }

    /// IDs are never reused: the next one follows every ID the damaged file held.
    package mutating func afterRecovery(highestID: Int) {
        nextID = max(nextID, highestID + 1)
        afterRecovery()
    }
}
