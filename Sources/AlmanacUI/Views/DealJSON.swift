import AlmanacKit
import DealTable
import Foundation

/// One JSON row: price and amount rounded as displayed.
package struct DealJSON: Encodable {
    var id: Int64
    var dateModified: String
    var instrument: String
    var price: Double
    var amount: Double
    var side: String

    /// One format for every row (a value, so safe to share across threads).
    static let iso = Date.ISO8601FormatStyle()

    package init(_ deal: Deal) {
        id = deal.id
        dateModified = Self.iso.format(deal.dateModified)
        instrument = deal.instrumentName
        price = (deal.price * 100).rounded() / 100
        amount = DealsView.amountIsWhole(deal.amount) ? deal.amount.rounded() : (deal.amount * 100_000_000).rounded() / 100_000_000
        side = deal.side.rawValue
    }
}
