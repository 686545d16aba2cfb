import AlmanacClient
import AlmanacCore
import Foundation

/// Price alerts (`alerts.json`): a pair crossing above or below a price. An alert is armed until
/// a price fetched (any crypto command, the app, the menu, `crypto alert check`) meets it; then
/// it is triggered — reported once, with the price and time seen — and stays so until removed
/// or re-armed.
package struct PriceAlerts: NumberedDocument, Equatable {
    package static let schemaVersion = 1
    package static let fileName = "alerts.json"
    package static func initial() -> PriceAlerts { PriceAlerts() }

    /// Which side of the price sets the alert off.
    package enum Direction: String, Codable, Sendable, CaseIterable {
        /// At or above the price.
        case above
        /// At or below the price.
        case below
    }

    /// One alert.
    package struct Alert: Codable, Sendable, Equatable {
        /// Stable; never reused after a removal.
        package var id: Int
        /// The pair, `BTC/USD`.
        package var symbol: String
        /// Above or below.
        package var direction: Direction
        /// The price, in the pair's quote currency, as decimal text (`"90000"`).
        package var price: String
        /// When the price that met it was had (for sample data, when it was recorded); nil while armed.
        package var triggeredAt: Date?
        /// The price that met it, as decimal text; nil while armed.
        package var seenPrice: String?
        /// Where that price came from: live, the cache or the sample data; nil while armed.
        package var seenFrom: Provenance?

        /// Whether `price` meets the alert.
        package func isMet(by value: Decimal) -> Bool {
            guard let limit = Decimal(string: price, locale: Locale(identifier: "en_US_POSIX")) else { return false }
            return direction == .above ? value >= limit : value <= limit
        }
    }

    /// The alerts, in the order added.
    package var alerts: [Alert] = []
    /// The ID the next alert gets.
    package var nextID = 1

    /// No alerts.
    package init() {}

    package var numbers: [Int] { alerts.map(\.id) }
}
