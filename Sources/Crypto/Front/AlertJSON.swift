import AlmanacProviders
import Crypto
import Foundation
import FrontKit

/// A price alert as `--json` writes it: prices as numbers; once set off, the price that did it
/// and when that price was had, with where it came from as the source fields (`of`).
package struct AlertJSON: Encodable {
    var id: Int
    var symbol, direction: String
    var price: Decimal?
    var triggeredAt: Date?
    var seenPrice: Decimal?

    /// The alert with the source fields of the price that set it off (none while armed).
    package static func of(_ alert: PriceAlerts.Alert) -> Sourced<AlertJSON> {
        Sourced(AlertJSON(alert), alert.seenFrom)
    }

    private init(_ alert: PriceAlerts.Alert) {
        (id, symbol, direction) = (alert.id, alert.symbol, alert.direction.rawValue)
        price = Self.decimal(alert.price)
        triggeredAt = alert.triggeredAt
        seenPrice = alert.seenPrice.flatMap(Self.decimal)
    }

    private static func decimal(_ text: String) -> Decimal? { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) }
}
