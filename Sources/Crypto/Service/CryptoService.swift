import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The crypto front end: the watchlist with prices, adding and removing pairs, price history.
///
/// Every live Twelve Data request goes through the client, whose send policy is the credit
/// budget (`CreditPolicy`): fresh cache first; when credits are short, cached data (with its age)
/// rather than a wait; a wait (or exit 75 with `--no-wait`) only when nothing usable is cached.
/// The watchlist's prices reserve a batch's credits as a whole (`prices`).
package struct CryptoService: Sendable {
    package typealias Chooser = @Sendable ([TwelveDataDTO.Pair]) -> Int?

    /// The cache-first client (answers, and each pair's own cached quote for the watchlist).
    package let client: DataClient
    /// The watchlist document.
    package let store: DocumentStore<Watchlist>
    /// Whether Twelve Data is live, `--refresh`.
    package let configuration: Configuration
    /// The credit budget, its countdown and its notes.
    package let gate: CreditGate
    /// Today's date (`ALMANAC_TODAY` pins it).
    package let days: DayClock
    /// Who prices, fixed by the caller instead of resolved from the keys and the saved choice
    /// (the recorder's Kraken pass); nil by default.
    package var pinnedPrices: PriceSources?

    /// The service over a client, the watchlist and the credit gate.
    package init(client: DataClient, store: DocumentStore<Watchlist>, configuration: Configuration, gate: CreditGate, days: DayClock) {
        // Twelve Data's sends are admitted by this gate's budget (the run's one when it has one).
        _ = client.policies.adopt(for: .twelveData) { CreditPolicy(gate: gate) }
        (self.client, self.store, self.configuration, self.gate, self.days) = (client, store, configuration, gate, days)
    }

    /// Wired from the run's context: its credit gate (the one the client's send policy uses), so
    /// one budget and one countdown serve every request.
    package init(context: AppContext, pinnedPrices: PriceSources? = nil) {
        self.init(
            client: context.client, store: context.store(Watchlist.self), configuration: context.configuration, gate: CreditGate.forRun(context),
            days: context.days)
        self.pinnedPrices = pinnedPrices
    }

    /// The credit counter behind the gate.
    package var budget: CreditBudget { gate.budget }
    var live: Bool { configuration.mode(for: .twelveData) == .live }

    /// Today as a person types and reads it: `ALMANAC_TODAY`, else the real date
    /// (docs/architecture.md §3, "One today"). The recording day only picks recorded answers.
    package func today() throws -> LocalDate { try days.today() }

    /// The day the recordings were made, when this run answers prices from them (offline; no
    /// key with Twelve Data pinned; Kraken found unreachable); nil when prices are live.
    package func recordedDay() -> LocalDate? {
        let keyless = configuration.key(for: .twelveData) == nil
        let recordings = configuration.offline || (keyless && (!usesKraken || client.isUnreachable(.kraken)))
        return recordings ? client.samples.fixtures?.recordedOn : nil
    }

    /// The watchlist as saved.
    package func watchlist() throws -> Watchlist { try store.read() }

    /// Credits used and left this minute and today, as this machine last heard them.
    package func usage() -> CreditUsage { budget.usage(now: days.now()) }

    /// Asks `/api_usage` (costs one credit) and returns the server's own figures.
    package func checkUsage() async throws -> TwelveDataDTO.APIUsage {
        guard live else { throw CryptoError.usageCheckNeedsLive }
        let id = try await gate.acquire(1)
        return try await budget.spending(id) { try await client.fetch(TwelveData.apiUsage()).value }
    }

    // MARK: - Add and remove

    /// Every pair. Cached a day; a stale catalogue answers rather than a wait.
    package func catalogue() async throws -> [TwelveDataDTO.Pair] {
        try await client.fetch(TwelveData.cryptocurrencies()).value.data
    }

    /// Adds the pair meant by `query`. Returns the item and whether it was new.
    package func add(_ query: String, pick: Int?, chooser: Chooser?) async throws -> (item: Watchlist.Item, added: Bool) {
        let pair = try await resolvePair(query, pick: pick, chooser: chooser)
        let item = Watchlist.Item(symbol: pair.symbol, name: pair.currency_base ?? pair.symbol)
        return try store.update { list in
            if let existing = list.items.first(where: { $0.symbol == item.symbol }) { return (existing, false) }
            return (list.append(item), true)
        }
    }

    /// Why a pair just added will show no price this run, by who prices it (`PriceSources`); nil
    /// when it will show one.
    package enum PriceGap: Equatable, Sendable {
        /// Kraken prices the run and does not list the pair.
        case notListed(provider: String)
        /// The recordings of `provider` have no price for it (offline, or it cannot be reached).
        case notRecorded(provider: String, offline: Bool)
        /// Twelve Data is chosen with no key, and its sample data has no price for it.
        case needsKey(provider: String, variable: String)
    }

    /// Whether `symbol` will show a price this run, and if not, why.
    package func priceGap(_ symbol: String) async -> PriceGap? {
        let name = priceSources.name
        if usesKraken {
            guard let names = try? await krakenNames() else { return nil }
            guard names.value[symbol] != nil else { return .notListed(provider: name) }
            guard configuration.offline || client.isUnreachable(.kraken) else { return nil }
            return ((try? await krakenLatest(symbol)) ?? nil) == nil ? .notRecorded(provider: name, offline: configuration.offline) : nil
        }
        guard !live else { return nil }
        if case .quote? = try? await client.fetch(TwelveData.quotes([symbol])).value[symbol] { return nil }
        if configuration.offline { return .notRecorded(provider: name, offline: true) }
        return .needsKey(provider: name, variable: Provider.twelveData.keyVariable ?? "")
    }

    /// Removes the pair meant by `reference` (ID, code, pair or name); `CryptoError` when none.
    package func remove(_ reference: String) throws -> Watchlist.Item {
        try store.update { list in
            guard let index = list.index(of: reference) else {
                throw CryptoError.notInWatchlist(reference, summary: list.summary)
            }
            let removed = list.items.remove(at: index)
            // A refusal is forgotten with its pair: added again, it is asked again.
            PairRefusals(stateFolder: configuration.paths.state).forget([removed.symbol])
            return removed
        }
    }

    func resolvePair(_ query: String, pick: Int?, chooser: Chooser?) async throws -> TwelveDataDTO.Pair {
        let text = query.trimmingWhitespace()
        guard !text.isEmpty, text.count <= 60 else { throw CryptoError.emptyQuery }
        switch PairResolver.resolve(text, in: try await catalogue()) {
        case .one(let pair): return pair
        case .none(let suggestions):
            throw CryptoError.noMatch(text, suggestions: suggestions)
        case .several(let pairs):
            if let pick {
                guard pairs.indices.contains(pick - 1) else { throw CryptoError.choiceOutOfRange(choice: pick, count: pairs.count, query: text) }
                return pairs[pick - 1]
            }
            if let chooser, let index = chooser(pairs), pairs.indices.contains(index) { return pairs[index] }
            throw CryptoError.ambiguous(query: text, pairs: pairs)
        }
    }

    /// The pair meant by a watchlist reference, or else by the catalogue.
    package func pair(for reference: String) async throws -> (String, String) {
        let list = try store.read()
        if let index = list.index(of: reference) { return (list.items[index].symbol, list.items[index].name) }
        if Int(reference) != nil { throw CryptoError.noRow(reference, summary: list.summary) }
        let pair = try await resolvePair(reference, pick: nil, chooser: nil)
        return (pair.symbol, pair.currency_base ?? pair.symbol)
    }
}
