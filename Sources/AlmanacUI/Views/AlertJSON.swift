import AlmanacCore
import AlmanacKit
import Foundation

/// A price alert as `--json` writes it: prices as numbers; once set off, the price that did it,
/// when that price was had, and where it came from (`SourceFields`, as every document).
package struct AlertJSON: Encodable {
    var id: Int
    var symbol: String
    var direction: String
    var price: Decimal?
    var triggeredAt: Date?
    var seenPrice: Decimal?
    var seen: SourceFields?

    private enum CodingKeys: String, CodingKey { case id, symbol, direction, price, triggeredAt, seenPrice }

    package init(_ alert: PriceAlerts.Alert) {
        (id, symbol, direction) = (alert.id, alert.symbol, alert.direction.rawValue)
        price = Self.decimal(alert.price)
        triggeredAt = alert.triggeredAt
        seenPrice = alert.seenPrice.flatMap(Self.decimal)
        seen = alert.seenFrom.map(SourceFields.init)
    }

    private static func decimal(_ text: String) -> Decimal? { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(symbol, forKey: .symbol)
        try container.encode(direction, forKey: .direction)
        try container.encodeIfPresent(price, forKey: .price)
        try container.encodeIfPresent(triggeredAt, forKey: .triggeredAt)
        try container.encodeIfPresent(seenPrice, forKey: .seenPrice)
        try seen?.encode(to: encoder)
    }
}
