import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The crypto watchlist (`watchlist.json`). Each pair keeps its ID for as long as it is on
/// the list; an ID is never given to another pair (as exams' are not).
package struct Watchlist: NumberedDocument, Equatable {
    /// 2: items carry their own `id`, and the list its `nextID`.
    package static let schemaVersion = 2
    package static let fileName = "watchlist.json"

    /// One watched pair.
    package struct Item: Codable, Sendable, Equatable {
        /// Stable; never reused after a removal.
        package var id: Int
        /// The pair as Twelve Data writes it, e.g. `BTC/USD`.
        package var symbol: String
        /// The base currency's full name, e.g. `Bitcoin`.
        package var name: String

        /// `id` 0 until the list gives it one.
        package init(id: Int = 0, symbol: String, name: String) {
            (self.id, self.symbol, self.name) = (id, symbol, name)
        }
    }

    /// The pairs, in the order shown.
    package var items: [Item]
    /// The ID the next added pair gets.
    package var nextID: Int

    /// On first use: BTC, ETH, SOL, XRP, ADA and DOGE against the US dollar.
    package static func initial() -> Watchlist {
        let pairs = [
            ("BTC/USD", "Bitcoin"), ("ETH/USD", "Ethereum"), ("SOL/USD", "Solana"), ("XRP/USD", "XRP"),
            ("ADA/USD", "Cardano"), ("DOGE/USD", "Dogecoin"),
        ]
        return Watchlist(items: pairs.enumerated().map { Item(id: $0.offset + 1, symbol: $0.element.0, name: $0.element.1) }, nextID: pairs.count + 1)
    }

    /// Schema 1 had no IDs: the positions of that day become the IDs.
    package static func migrate(_ data: JSONValue, from version: Int) -> JSONValue {
        guard version < 2, let items = data["items"]?.arrayValue else { return data }
        let numbered = items.enumerated().map { index, item in item["id"] == nil ? item.setting("id", to: .int(index + 1)) : item }
        return data.setting("items", to: .array(numbered)).setting("nextID", to: .int(items.count + 1))
    }

    /// Adds `item` under the next ID; returns it as stored.
    package mutating func append(_ item: Item) -> Item {
        var stored = item
        stored.id = nextID
        nextID += 1
        items.append(stored)
        return stored
    }

    package var numbers: [Int] { items.map(\.id) }

    /// The index meant by an ID (`3`), a base code (`BTC`), a pair (`btc/usd`) or a name (`Bitcoin`).
    package func index(of reference: String) -> Int? {
        let text = reference.trimmingWhitespace()
        if let id = Int(text) { return items.firstIndex { $0.id == id } }
        let upper = text.uppercased()
        return items.firstIndex { $0.symbol.uppercased() == upper }
            ?? items.firstIndex { PairResolver.base($0.symbol) == upper }
            ?? items.firstIndex { $0.name.caseInsensitiveCompare(text) == .orderedSame }
    }

    /// `1 BTC/USD, 2 ETH/USD, …` for messages.
    package var summary: String {
        items.isEmpty ? "the list is empty" : items.map { "\($0.id) \($0.symbol)" }.joined(separator: ", ")
    }
}
