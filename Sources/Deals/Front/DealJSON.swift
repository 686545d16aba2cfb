import DealTable
import Foundation
import FrontKit

/// One JSON row: the stored values, never rounded for display (a filter on `price>1.28`
/// compares these very numbers).
package struct DealJSON: Encodable {
    var id: Int64
    var dateModified, instrument: String
    var price, amount: Double
    var side: String

    /// One format for every row (a value, so safe to share across threads).
    static let iso = Date.ISO8601FormatStyle()

    package init(_ deal: Deal) {
        id = deal.id
        dateModified = Self.iso.format(deal.dateModified)
        instrument = deal.instrumentName
        price = deal.price
        amount = deal.amount
        side = deal.side.rawValue
    }
}
