import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The crypto watchlist (`watchlist.json`). A row's ID is its position, stable until the list changes.
public struct Watchlist: StoredDocument, Equatable {
    public static let schemaVersion = 1
    public static let fileName = "watchlist.json"

    public struct Item: Codable, Sendable, Equatable {
        /// The pair as Twelve Data writes it, e.g. `BTC/USD`.
        public var symbol: String
        /// The base currency's full name, e.g. `Bitcoin`.
        public var name: String
    }

    public var items: [Item]

    /// On first use: BTC, ETH, SOL, XRP, ADA and DOGE against the US dollar.
    public static func initial() -> Watchlist {
        Watchlist(
            items: [
                ("BTC/USD", "Bitcoin"), ("ETH/USD", "Ethereum"), ("SOL/USD", "Solana"), ("XRP/USD", "XRP"),
                ("ADA/USD", "Cardano"), ("DOGE/USD", "Dogecoin"),
            ].map { Item(symbol: $0.0, name: $0.1) })
    }

    /// The index meant by an ID (`3`), a base code (`BTC`), a pair (`btc/usd`) or a name (`Bitcoin`).
    public func index(of reference: String) -> Int? {
        let text = reference.trimmingCharacters(in: .whitespaces)
        if let id = Int(text) { return items.indices.contains(id - 1) ? id - 1 : nil }
        let upper = text.uppercased()
        return items.firstIndex { $0.symbol.uppercased() == upper }
            ?? items.firstIndex { $0.symbol.split(separator: "/").first.map(String.init)?.uppercased() == upper }
            ?? items.firstIndex { $0.name.caseInsensitiveCompare(text) == .orderedSame }
    }

    /// `1 BTC/USD, 2 ETH/USD, …` for messages.
    public var summary: String {
        items.isEmpty ? "the list is empty" : items.enumerated().map { "\($0.offset + 1) \($0.element.symbol)" }.joined(separator: ", ")
    }
}
