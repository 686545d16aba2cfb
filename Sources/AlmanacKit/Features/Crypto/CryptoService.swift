import Foundation

/// The crypto front end: the watchlist with prices, adding and removing pairs, price history.
public struct CryptoService: Sendable {
    public typealias Chooser = @Sendable ([TwelveDataDTO.Pair]) -> Int?

    public let context: AppContext
    public let store: DocumentStore<Watchlist>
    public let budget: CreditBudget

    public init(context: AppContext) {
        self.context = context
        self.store = context.store(Watchlist.self)
        self.budget = CreditBudget(stateFolder: context.configuration.paths.state)
    }

    private var client: DataClient { context.client }
    private var live: Bool { context.configuration.mode(for: .twelveData) == .live }

    /// `ALMANAC_TODAY`, else the fixtures' date when there is no key (sample data), else today.
    public func today() throws -> LocalDate {
        if context.configuration.environment["ALMANAC_TODAY"] == nil, context.configuration.key(for: .twelveData) == nil,
            let recorded = client.fixtures?.recordedOn
        {
            return recorded
        }
        return try context.today()
    }

    public func watchlist() throws -> Watchlist { try store.read() }

    // MARK: - Prices

    /// Today's price for every row: one batched request per 8 symbols, within the credit budget.
    public func prices() async throws -> WatchlistPrices {
        let list = try store.read()
        let chunks = stride(from: 0, to: list.items.count, by: 8).map { Array(list.items[$0..<min($0 + 8, list.items.count)]) }
        var results: [String: TwelveDataDTO.QuoteResult] = [:]
        var provenances: [Provenance] = []
        for chunk in chunks {
            let fetched = try await budgeted(TwelveData.quotes(chunk.map(\.symbol)), credits: chunk.count)
            results.merge(fetched.value) { _, new in new }
            provenances.append(fetched.provenance)
        }
        let rows = list.items.enumerated().map { index, item -> PriceRow in
            var row = PriceRow(id: index + 1, symbol: item.symbol, name: item.name)
            switch results[item.symbol] {
            case .quote(let quote):
                row.price = quote.close?.value
                row.changePercent = quote.percent_change?.value
            case .failure(let message): row.error = message
            case nil: row.error = "no answer"
            }
            return row
        }
        let provenance = Provenance.combine(provenances, now: context.clock.now())
        return WatchlistPrices(rows: rows, provenance: provenance)
    }

    /// Fetches through the cache, spending credits only for a live request. When the budget is
    /// spent, the cached answer stands (with a note saying when fresh data can come).
    func budgeted<R: Sendable>(_ endpoint: Endpoint<R>, credits: Int) async throws -> Fetched<R> {
        guard live else { return try await client.fetch(endpoint) }
        let now = context.clock.now()
        let cached = client.peek(endpoint)
        if let cached, !cached.stale, !context.configuration.refresh { return cached }
        if let until = try budget.reserve(credits, now: now) {
            let wait = Int(until.timeIntervalSince(now).rounded(.up))
            guard let cached else { throw APIError.rateLimited(provider: .twelveData, retryAfter: TimeInterval(wait)) }
            context.console.note("note: Twelve Data's free plan allows 8 credits a minute; showing cached data from \(Age.describe(now.timeIntervalSince(cached.fetchedAt))) ago. Fresh data in \(wait) s.")
            return cached
        }
        do {
            return try await client.fetch(endpoint)
        } catch let error as APIError {
            if case .rateLimited = error { try? budget.exhaust(now: now) }
            throw error
        }
    }

    // MARK: - Add and remove

    public func catalogue() async throws -> [TwelveDataDTO.Pair] {
        try await budgeted(TwelveData.cryptocurrencies(), credits: 1).value.data
    }

    /// Adds the pair meant by `query`. Returns the item and whether it was new.
    public func add(_ query: String, pick: Int?, chooser: Chooser?) async throws -> (item: Watchlist.Item, added: Bool) {
        let pair = try await resolvePair(query, pick: pick, chooser: chooser)
        let item = Watchlist.Item(symbol: pair.symbol, name: pair.currency_base ?? pair.symbol)
        return try store.update { list in
            if let existing = list.items.first(where: { $0.symbol == item.symbol }) { return (existing, false) }
            list.items.append(item)
            return (item, true)
        }
    }

    public func remove(_ reference: String) throws -> Watchlist.Item {
        try store.update { list in
            guard let index = list.index(of: reference) else {
                throw UsageError("\"\(reference)\" is not in the watchlist (\(list.summary)).")
            }
            return list.items.remove(at: index)
        }
    }

    func resolvePair(_ query: String, pick: Int?, chooser: Chooser?) async throws -> TwelveDataDTO.Pair {
        let text = query.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 60 else { throw UsageError("Give a symbol (ETH), a pair (ETH/USD) or a name (Ethereum).") }
        switch PairResolver.resolve(text, in: try await catalogue()) {
        case .one(let pair): return pair
        case .none(let suggestions):
            let hint = suggestions.isEmpty ? "" : " Did you mean: \(suggestions.joined(separator: ", "))?"
            throw UsageError("No crypto pair matches \"\(text)\".\(hint)")
        case .several(let pairs):
            if let pick {
                guard pairs.indices.contains(pick - 1) else { throw UsageError("--pick \(pick) is out of range: \(pairs.count) pairs match \"\(text)\".") }
                return pairs[pick - 1]
            }
            if let chooser, let index = chooser(pairs), pairs.indices.contains(index) { return pairs[index] }
            let list = pairs.enumerated().map { "\($0.offset + 1)) \($0.element.symbol) (\($0.element.currency_base ?? "?") in \($0.element.currency_quote ?? "?"))" }
            throw UsageError("Several pairs match \"\(text)\": \(list.joined(separator: "; ")). Choose one with --pick N.")
        }
    }

    // MARK: - History

    /// Daily closes from `from` to `to` inclusive (default: the 7 days ending today).
    public func history(_ reference: String, from: String?, to: String?) async throws -> PriceHistory {
        let today = try self.today()
        let range = try DateInput.range(from: from, to: to, today: today, defaultDays: 7)
        let (symbol, name) = try await pair(for: reference)
        var rows: [LocalDate: HistoryRow] = [:]
        var provenances: [Provenance] = []
        var start = range.lowerBound
        while start <= range.upperBound {
            let end = min(range.upperBound, start.adding(days: TwelveData.maxOutputSize - 1))
            let endpoint = TwelveData.timeSeries(symbol, start: start, endExclusive: end.adding(days: 1), closed: end < today)
            do {
                let fetched = try await budgeted(endpoint, credits: 1)
                provenances.append(fetched.provenance)
                for bar in fetched.value.values ?? [] {
                    guard let date = LocalDate(String(bar.datetime.prefix(10))), range.contains(date) else { continue }
                    rows[date] = HistoryRow(date: date, open: bar.open?.value, high: bar.high?.value, low: bar.low?.value, close: bar.close.value)
                }
            } catch let error as APIError {
                guard case .provider(_, let code, _) = error, code == 400 else { throw error }
            }
            start = end.adding(days: 1)
        }
        if range.upperBound == today, let latest = try? await latestPrice(symbol) {
            var row = rows[today] ?? HistoryRow(date: today, close: latest)
            row.close = latest
            rows[today] = row
        }
        guard !rows.isEmpty else {
            throw UsageError("No prices for \(symbol) from \(range.lowerBound) to \(range.upperBound); its history may begin later.")
        }
        let sorted = rows.values.sorted { $0.date < $1.date }
        if let first = sorted.first, first.date > range.lowerBound {
            context.console.note("note: prices for \(symbol) begin on \(first.date).")
        }
        let provenance = Provenance.combine(provenances, now: context.clock.now())
        return PriceHistory(symbol: symbol, name: name, range: range, rows: sorted, provenance: provenance)
    }

    private func latestPrice(_ symbol: String) async throws -> Double? {
        guard case .quote(let quote)? = try await budgeted(TwelveData.quotes([symbol]), credits: 1).value[symbol] else { return nil }
        return quote.close?.value
    }

    /// The pair meant by a watchlist reference, or else by the catalogue.
    func pair(for reference: String) async throws -> (String, String) {
        let list = try store.read()
        if let index = list.index(of: reference) { return (list.items[index].symbol, list.items[index].name) }
        if Int(reference) != nil { throw UsageError("No watchlist row \(reference) (\(list.summary)).") }
        let pair = try await resolvePair(reference, pick: nil, chooser: nil)
        return (pair.symbol, pair.currency_base ?? pair.symbol)
    }
}
