import AlmanacClient
import AlmanacCore
import Foundation

extension CryptoService {
    /// The portfolio document, beside the watchlist in the data folder.
    package var portfolioStore: DocumentStore<Portfolio> { store.sibling(Portfolio.self) }

    /// Adds a lot of `amount` units of the pair meant by `reference`, bought on `date` (today by
    /// default) for `cost` in all, or `price` a unit; with neither, at that day's close from the
    /// price history. Exit-64 errors for a bad number, a future date or an unknown pair.
    package func addLot(_ reference: String, amount: String, cost: String?, price: String?, date: String?) async throws -> Portfolio.Lot {
        let units = try NumberRule.units.decimal(amount)
        if cost != nil, price != nil { throw PortfolioError.costAndPrice }
        let today = try self.today()
        let day = try date.map { try DateInput.parse($0, today: today, field: .date) } ?? today
        if day > today { throw PortfolioError.futureDate(day, today: today) }
        let (symbol, _) = try await pair(for: reference)
        let total: Decimal
        if let cost {
            total = try NumberRule.cost.decimal(cost)
        } else if let price {
            total = try NumberRule.price.decimal(price) * units
        } else {
            total = try await close(symbol, on: day) * units
        }
        return try portfolioStore.update { portfolio in
            let lot = Portfolio.Lot(id: portfolio.nextID, symbol: symbol, amount: units, cost: total, date: day)
            portfolio.nextID += 1
            portfolio.lots.append(lot)
            return lot
        }
    }

    /// Removes the lot with ID `reference`, or every lot of the pair it names; returns them.
    package func removeLots(_ reference: String) throws -> [Portfolio.Lot] {
        try portfolioStore.update { portfolio in
            let text = reference.trimmingWhitespace()
            let upper = text.uppercased()
            let matches: (Portfolio.Lot) -> Bool =
                if let id = Int(text) { { $0.id == id } } else {
                    { $0.symbol.uppercased() == upper || PairResolver.base($0.symbol) == upper }
                }
            let removed = portfolio.lots.filter(matches)
            guard !removed.isEmpty else {
                let lots = portfolio.lots.isEmpty ? "it is empty" : portfolio.lots.map { "\($0.id) \($0.symbol)" }.joined(separator: ", ")
                throw PortfolioError.noLot(reference, lots: lots)
            }
            portfolio.lots.removeAll(where: matches)
            return removed
        }
    }

    /// The portfolio valued at each pair's latest price (one quote a pair, cached like the
    /// watchlist's), in the settings' currency: a pair quoted in another currency is priced
    /// through its base's pair in the currency when Twelve Data lists one, else converted, and its
    /// cost is converted at today's rate (one rate per quote currency, cached like a quote). A
    /// pair with no price counts at its cost.
    /// `routing`: worked out by the caller (a watch, for every pair it follows); nil: here.
    package func portfolio(routing given: PriceRouting? = nil) async throws -> (valuation: PortfolioValuation, provenance: Provenance) {
        let lots = try portfolioStore.read().lots
        let symbols = Set(lots.map(\.symbol)).sorted()
        let routing = if let given { given } else { await self.routing(symbols, to: try currency()) }
        let currency = routing.currency
        var prices: [String: Decimal] = [:]
        var costRates: [String: Decimal] = [:]
        var quotedAs: [String: String] = [:]
        var rates: [String: Fetched<Decimal>] = [:]  // one read per quote currency
        var provenances: [Provenance] = []
        for symbol in symbols {
            let quoteCurrency = PairResolver.quote(symbol)
            if quoteCurrency != currency {
                if rates[quoteCurrency] == nil { rates[quoteCurrency] = try await rate(quoteCurrency + "/" + currency) }
                costRates[symbol] = rates[quoteCurrency]?.value
            }
            let route = routing.route(symbol)
            guard let quote = try? await latestQuote(route.quoted(symbol)), let price = PortfolioValuation.decimal(quote.value.close) else {
                continue
            }
            switch route {
            case .asIs: prices[symbol] = price
            case .pair(let other): (prices[symbol], quotedAs[symbol]) = (price, other)
            case .converted: prices[symbol] = price * (costRates[symbol] ?? 1)
            }
            provenances.append(quote.provenance)
        }
        provenances += rates.values.map(\.provenance)
        let valuation = PortfolioValuation(lots: lots, prices: prices, costRates: costRates, quotedAs: quotedAs, currency: currency)
        return (valuation, Provenance.combine(provenances, now: days.now()))
    }

    /// The pair's close on `day`, exactly as sent.
    private func close(_ symbol: String, on day: LocalDate) async throws -> Decimal {
        let history = try? await history(symbol, from: day.description, to: day.description)
        guard let close = history?.rows.first(where: { $0.date == day })?.close, let price = PortfolioValuation.decimal(close) else {
            throw PortfolioError.noPriceOn(symbol: symbol, date: day)
        }
        return price
    }
}
