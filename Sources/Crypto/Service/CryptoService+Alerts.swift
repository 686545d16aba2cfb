import AlmanacClient
import AlmanacCore
import Foundation

extension CryptoService {
    /// The alerts document, beside the watchlist in the data folder.
    package var alertStore: DocumentStore<PriceAlerts> { store.sibling(PriceAlerts.self) }

    /// Adds an armed alert on the pair meant by `reference`; exit-64 errors for a bad direction
    /// or price, or an unknown pair.
    package func addAlert(_ reference: String, direction: String, price: String) async throws -> PriceAlerts.Alert {
        guard let side = PriceAlerts.Direction(rawValue: direction.lowercased()) else { throw AlertError.badDirection(direction) }
        let limit = try NumberRule.alertPrice.decimal(price)
        let (symbol, _) = try await pair(for: reference)
        return try alertStore.update { book in
            let alert = PriceAlerts.Alert(id: book.nextID, symbol: symbol, direction: side, price: "\(limit)")
            book.nextID += 1
            book.alerts.append(alert)
            return alert
        }
    }

    /// Every alert, armed and triggered.
    package func alerts() throws -> [PriceAlerts.Alert] { try alertStore.read().alerts }

    /// Removes alert `id`; returns it.
    package func removeAlert(_ id: Int) throws -> PriceAlerts.Alert {
        try alertStore.update { book in book.alerts.remove(at: try Self.index(of: id, in: book)) }
    }

    /// Arms alert `id` again; returns it.
    package func rearmAlert(_ id: Int) throws -> PriceAlerts.Alert {
        try alertStore.update { book in
            let index = try Self.index(of: id, in: book)
            (book.alerts[index].triggeredAt, book.alerts[index].seenPrice, book.alerts[index].seenFrom) = (nil, nil, nil)
            return book.alerts[index]
        }
    }

    private static func index(of id: Int, in book: PriceAlerts) throws -> Int {
        guard let index = book.alerts.firstIndex(where: { $0.id == id }) else { throw AlertError.noAlert(id, ids: book.alerts.map(\.id)) }
        return index
    }

    /// Checks the armed alerts against `prices` (per pair), had as `provenance` says; returns
    /// the ones that triggered now (each only once: it stays triggered until re-armed), timed
    /// when the price was had. Every watchlist fetch asks, so the file is only read — and
    /// written only when an alert fires.
    @discardableResult
    package func checkAlerts(_ prices: [String: Double], provenance: [String: Provenance]) -> [PriceAlerts.Alert] {
        guard FileStamp(path: alertStore.url.path) != .absent, let book = try? alertStore.read(),
            book.alerts.contains(where: { Self.fires($0, prices) })
        else { return [] }
        return
            (try? alertStore.update { book -> [PriceAlerts.Alert] in
                var fired: [PriceAlerts.Alert] = []
                for index in book.alerts.indices where Self.fires(book.alerts[index], prices) {
                    let symbol = book.alerts[index].symbol
                    let seen = prices[symbol].flatMap(PortfolioValuation.decimal).map { "\($0)" }
                    let from = provenance[symbol]
                    (book.alerts[index].triggeredAt, book.alerts[index].seenPrice) = (from?.fetchedAt ?? days.now(), seen)
                    book.alerts[index].seenFrom = from
                    fired.append(book.alerts[index])
                }
                return fired
            }) ?? []
    }

    /// Whether an armed alert is met by its pair's price in `prices`.
    private static func fires(_ alert: PriceAlerts.Alert, _ prices: [String: Double]) -> Bool {
        guard alert.triggeredAt == nil, let value = prices[alert.symbol].flatMap(PortfolioValuation.decimal) else { return false }
        return alert.isMet(by: value)
    }

    /// `crypto alert check`: the latest price of each pair with an armed alert (cached like any
    /// quote), then the alerts that triggered now.
    package func checkAlerts() async throws -> [PriceAlerts.Alert] {
        let armed = try alerts().filter { $0.triggeredAt == nil }
        var prices: [String: Double] = [:]
        var provenance: [String: Provenance] = [:]
        for symbol in Set(armed.map(\.symbol)).sorted() {
            if let quote = try? await latestQuote(symbol) { (prices[symbol], provenance[symbol]) = (quote.value.close, quote.provenance) }
        }
        return checkAlerts(prices, provenance: provenance)
    }
}

/// What an alert request cannot do. Exit 64.
package enum AlertError: UserInputError, Equatable {
    /// Not `above` or `below`.
    case badDirection(String)
    /// No alert has this ID; `ids` are the ones there are.
    case noAlert(Int, ids: [Int])

    /// The sentence shown.
    package var description: String {
        switch self {
        case .badDirection(let text): "An alert is above or below a price, not \"\(text)\"."
        case .noAlert(let id, let ids):
            "No alert \(id) (\(ids.isEmpty ? "there are none" : "there are " + ids.map(String.init).joined(separator: ", ")))."
        }
    }
}
