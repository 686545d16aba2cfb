import AlmanacCore
import Foundation

/// Price alerts (`alerts.json`): a pair crossing above or below a price. An alert is armed until
/// a price fetched (any crypto command, the app, the menu, `crypto alert check`) meets it; then
/// it is triggered — reported once, with the price and time seen — and stays so until removed
/// or re-armed.
public struct PriceAlerts: StoredDocument, Equatable {
    public static let schemaVersion = 1
    public static let fileName = "alerts.json"
    public static func initial() -> PriceAlerts { PriceAlerts() }

    /// Which side of the price sets the alert off.
    public enum Direction: String, Codable, Sendable, CaseIterable {
        /// At or above the price.
        case above
        /// At or below the price.
        case below
    }

    /// One alert.
    public struct Alert: Codable, Sendable, Equatable {
        /// Stable; never reused after a removal.
        public var id: Int
        /// The pair, `BTC/USD`.
        public var symbol: String
        /// Above or below.
        public var direction: Direction
        /// The price, in the pair's quote currency, as decimal text (`"90000"`).
        public var price: String
        /// When a fetched price met it; nil while armed.
        public var triggeredAt: Date?
        /// The price that met it, as decimal text; nil while armed.
        public var seenPrice: String?

        /// Whether `price` meets the alert.
        public func isMet(by value: Decimal) -> Bool {
            guard let limit = Decimal(string: price, locale: Locale(identifier: "en_US_POSIX")) else { return false }
            return direction == .above ? value >= limit : value <= limit
        }
    }

    /// The alerts, in the order added.
    public var alerts: [Alert] = []
    /// The ID the next alert gets.
    public var nextID = 1

    /// No alerts.
    public init() {}

    /// IDs are never reused: the next one follows the highest recovered.
    public mutating func afterRecovery() {
        nextID = max(nextID, (alerts.map(\.id).max() ?? 0) + 1)
    }
}
