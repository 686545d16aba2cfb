import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

extension CryptoService {
    /// Told of the prices shown from a stale cache before fresh ones arrive.
    package typealias PricesHandler = @Sendable (WatchlistPrices) async -> Void

    /// Most symbols one `/quote` request carries.
    static let batchLimit = 8

    /// Today's price for every row.
    ///
    /// Live: each pair's quote is cached on its own, so a row fresh in the cache costs nothing;
    /// the rest are batched, at most as many as the credits left allow; what does not fit comes
    /// from the cache (marked with its age), or — when a pair has nothing cached — after a wait.
    /// - Parameters:
    ///   - onStale: called with the cached table before fresh prices are fetched.
    ///   - extra: more pairs to price in the same batches, by the same rules (the portfolio's and
    ///     the alerts' for a watch); they get no row, and are cached for the next reader.
    /// The prices are also checked against the armed alerts (`alerts`: the ones they set off now),
    /// each in its own pair's currency; then shown in the currency of the settings
    /// (`converting`): a row is quoted through its base's pair in that currency when Twelve Data
    /// lists one, else converted at the exchange rate. `routing`: worked out by the caller (a
    /// watch, for every pair it follows); nil: here, for the watchlist.
    package func prices(onStale: PricesHandler? = nil, alsoPricing extra: [String] = [], routing given: PriceRouting? = nil) async throws
        -> WatchlistPrices
    {
        let list = try store.read()
        if usesKraken {
            if var prices = try await krakenPrices(list) {
                let seen = prices.rows.compactMap { row in row.price.map { (row.symbol, $0) } }
                let provenance = prices.provenance
                prices.alerts = checkAlerts(
                    Dictionary(seen) { first, _ in first }, provenance: prices.rows.reduce(into: [:]) { $0[$1.symbol] = provenance })
                return prices
            }
            client.notes.keylessFallback(.kraken, instead: .twelveData)
        }
        let all = if let given { given } else { await self.routing(list.items.map(\.symbol), to: (try? currency()) ?? "USD") }
        let routing = all.keepingOwnQuotes()
        let shown = onStale.map { onStale -> PricesHandler in { [self] in await onStale(await converting($0, routing: routing, cachedOnly: true)) } }
        let (raw, known) = try await watchlistPrices(list, routes: routing.routes, onStale: shown, extra: extra)
        var prices = await converting(raw, routing: routing, cachedOnly: false)
        prices.currency = routing.currency
        var seen: [String: Double] = [:]
        var provenance: [String: Provenance] = [:]
        for (symbol, fetched) in known {
            if case .quote(let quote) = fetched.value, let close = quote.close?.value {
                (seen[symbol], provenance[symbol]) = (close, fetched.provenance)
            }
        }
        prices.alerts = checkAlerts(seen, provenance: provenance)
        return prices
    }

    private func watchlistPrices(_ list: Watchlist, routes: [String: PriceRoute], onStale: PricesHandler?, extra: [String]) async throws
        -> (WatchlistPrices, [String: Fetched<TwelveDataDTO.QuoteResult>])
    {
        var seen = Set<String>()
        let quoted = list.items.map { routes[$0.symbol]?.quoted($0.symbol) ?? $0.symbol }
        let symbols = (quoted + extra).filter { seen.insert($0).inserted }
        guard live else { return try await samplePrices(list, symbols, routes: routes) }
        var known = cachedQuotes(symbols)
        let refusals = PairRefusals(stateFolder: configuration.paths.state)
        let refused = configuration.refresh ? [:] : refusals.current(now: days.now()).filter { symbols.contains($0.key) }
        var needed = symbols.filter { refused[$0] == nil && (configuration.refresh || known[$0]?.stale ?? true) }
        if let onStale, !needed.isEmpty, !known.isEmpty {
            await onStale(rows(list, known, routes: routes))
        }
        var failure: (any Error)?
        while !needed.isEmpty {
            let now = days.now()
            let available = min(budget.available(now: now), Self.batchLimit)
            if available == 0 {
                guard try await waitForCredits(needed, known: &known, now: now) else { break }
                needed = needed.filter { configuration.refresh || known[$0]?.stale ?? true }
                continue
            }
            let batch = Array(Self.stalestFirst(needed, known: known).prefix(available))
            guard case .granted(let id) = try budget.reserve(batch.count, now: now) else { continue }
            do {
                let fetched = try await budget.spending(id) { try await fetchQuotes(batch) }
                for symbol in batch { if let result = fetched[symbol] { known[symbol] = result } }
                rememberRefusals(fetched, in: refusals)
                needed.removeAll { batch.contains($0) }
            } catch {
                guard !(error is CancellationError), batch.contains(where: { known[$0] != nil }) else { throw error }
                failure = error
                break
            }
        }
        if let failure { warnCached(known, failure) }
        return (Self.marking(rows(list, known, routes: routes), refused: refused, routes: routes), known)
    }

    /// Pairs never priced first, then the stalest: when a minute cannot refresh them all, the
    /// next update takes the ones this one left (no pair is starved).
    private static func stalestFirst(_ needed: [String], known: [String: Fetched<TwelveDataDTO.QuoteResult>]) -> [String] {
        let cached = needed.filter { known[$0] != nil }.sorted { (known[$0]?.fetchedAt ?? .distantPast) < (known[$1]?.fetchedAt ?? .distantPast) }
        return needed.filter { known[$0] == nil } + cached
    }

    /// The rows of pairs with a remembered refusal carry its reason and when it ends.
    private static func marking(
        _ prices: WatchlistPrices, refused: [String: (reason: String, until: Date)], routes: [String: PriceRoute]
    ) -> WatchlistPrices {
        var prices = prices
        for index in prices.rows.indices {
            let symbol = prices.rows[index].symbol
            guard let refusal = refused[routes[symbol]?.quoted(symbol) ?? symbol] else { continue }
            (prices.rows[index].error, prices.rows[index].refusedUntil) = (refusal.reason, refusal.until)
        }
        return prices
    }

    /// A failed refresh leaves the cached prices standing: said with their age and the reason.
    private func warnCached(_ known: [String: Fetched<TwelveDataDTO.QuoteResult>], _ failure: any Error) {
        guard let oldest = known.values.filter({ $0.origin == .cache }).map(\.fetchedAt).min() else { return }
        let age = Age.describe(days.now().timeIntervalSince(oldest))
        gate.console.warn("showing prices cached \(age) ago: \(ErrorText.describe(failure))")
    }

    /// Live refusals are remembered for a day; a pair priced after all is forgotten.
    private func rememberRefusals(_ fetched: [String: Fetched<TwelveDataDTO.QuoteResult>], in refusals: PairRefusals) {
        var reasons: [String: String] = [:]
        var priced: [String] = []
        for (symbol, result) in fetched where result.origin == .live {
            switch result.value {
            case .failure(let message): reasons[symbol] = message
            case .quote: priced.append(symbol)
            }
        }
        refusals.remember(reasons, now: days.now())
        refusals.forget(priced)
    }

    /// No credits left now: false when every needed pair has a cached price (noted, shown as is);
    /// else waits for the next credit (or throws when the day is spent) and refreshes `known`
    /// from the cache, which another run may have filled meanwhile.
    private func waitForCredits(_ needed: [String], known: inout [String: Fetched<TwelveDataDTO.QuoteResult>], now: Date) async throws -> Bool {
        let usage = budget.usage(now: now)
        let freshAt = usage.dayLeft == 0 ? usage.dayResetsAt : usage.nextCreditAt ?? now.addingTimeInterval(1)
        if needed.allSatisfy({ known[$0] != nil }) {
            noteCachedPrices(needed.compactMap { known[$0] }, freshAt: freshAt)
            return false
        }
        if usage.dayLeft == 0 { throw CreditLimitError.daily(resetsAt: usage.dayResetsAt, perDay: budget.plan.perDay) }
        try await gate.wait(until: freshAt)
        known.merge(cachedQuotes(needed)) { old, new in new.fetchedAt > old.fetchedAt ? new : old }
        return true
    }

    /// Sample data and `--offline`: the batched requests as recorded.
    private func samplePrices(_ list: Watchlist, _ symbols: [String], routes: [String: PriceRoute]) async throws
        -> (WatchlistPrices, [String: Fetched<TwelveDataDTO.QuoteResult>])
    {
        var results: [String: Fetched<TwelveDataDTO.QuoteResult>] = [:]
        for start in stride(from: 0, to: symbols.count, by: Self.batchLimit) {
            let chunk = Array(symbols[start..<min(start + Self.batchLimit, symbols.count)])
            let fetched = try await client.fetch(TwelveData.quotes(chunk))
            for (symbol, result) in fetched.value { results[symbol] = fetched.map { _ in result } }
        }
        return (rows(list, results, routes: routes), results)
    }

    /// Each pair's own cached quote, stale or not.
    private func cachedQuotes(_ symbols: [String]) -> [String: Fetched<TwelveDataDTO.QuoteResult>] {
        var known: [String: Fetched<TwelveDataDTO.QuoteResult>] = [:]
        for symbol in symbols {
            if let fetched = client.answers.peek(TwelveData.quotes([symbol])), let result = fetched.value[symbol], case .quote = result {
                known[symbol] = fetched.map { _ in result }
            }
        }
        return known
    }

    /// One request for `batch`; a batch answer is also cached pair by pair.
    private func fetchQuotes(_ batch: [String]) async throws -> [String: Fetched<TwelveDataDTO.QuoteResult>] {
        let endpoint = TwelveData.quotes(batch)
        let fetched: Fetched<[String: TwelveDataDTO.QuoteResult]>
        do {
            fetched = try await client.fetch(endpoint)
        } catch let error as APIError where batch.count == 1 && Self.isAboutTheSymbol(error) {
            // One pair asked alone: the provider's refusal marks that row, as inside a batch.
            return [batch[0]: Fetched(value: .failure(Self.reason(error)), origin: .live, fetchedAt: days.now(), stale: false)]
        }
        if fetched.origin == .live, batch.count > 1, let body = client.answers.body(endpoint) {
            for (symbol, part) in TwelveData.splitBatch(body, symbols: batch) {
                client.answers.store(TwelveData.quotes([symbol]), body: part, fetchedAt: fetched.fetchedAt)
            }
        }
        return fetched.value.mapValues { result in fetched.map { _ in result } }
    }

    /// The provider answered, about this symbol (not found, not in the plan, a bad symbol).
    private static func isAboutTheSymbol(_ error: APIError) -> Bool {
        switch error {
        case .notFound, .badRequest, .provider: true
        case .unauthorized(_, let status, _): status == 403
        default: false
        }
    }

    private static func reason(_ error: APIError) -> String {
        switch error {
        case .notFound(_, _, let message), .badRequest(_, let message), .unauthorized(_, _, let message): message ?? error.description
        case .provider(_, _, let message): message
        default: error.description
        }
    }

    private func noteCachedPrices(_ cached: [Fetched<TwelveDataDTO.QuoteResult>], freshAt: Date) {
        let oldest = cached.map(\.fetchedAt).min() ?? days.now()
        gate.noteCached(cached.count == 1 ? "1 price" : "\(cached.count) prices", fetchedAt: oldest, freshAt: freshAt)
    }

    func rows(_ list: Watchlist, _ results: [String: Fetched<TwelveDataDTO.QuoteResult>], routes: [String: PriceRoute]) -> WatchlistPrices {
        let rows = list.items.map { item -> PriceRow in
            var row = PriceRow(id: item.id, symbol: item.symbol, name: item.name)
            switch results[routes[item.symbol]?.quoted(item.symbol) ?? item.symbol]?.value {
            case .quote(let quote):
                row.price = quote.close?.value
                row.changePercent = quote.percent_change?.value
            case .failure(let message): row.error = message
            case nil: row.error = "no answer"
            }
            return row
        }
        let provenance = Provenance.combine(results.values.map(\.provenance), now: days.now())
        return WatchlistPrices(rows: rows, provenance: provenance)
    }
}
