import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The fruit front end: the catalogue, one fruit, groups, and the log of fruit eaten.
package struct FruitService: Sendable {
    /// Fetches the catalogue through the cache policy.
    package let fetcher: any Fetcher
    /// The fruit log document.
    package let store: DocumentStore<FruitLog>
    /// Today (`ALMANAC_TODAY` pins it).
    package let days: DayClock

    /// The service over a fetcher, the log and a clock.
    package init(fetcher: any Fetcher, store: DocumentStore<FruitLog>, days: DayClock) {
        (self.fetcher, self.store, self.days) = (fetcher, store, days)
    }

    /// Wired from the run's context: its client, the log in the data folder, its clock.
    package init(context: AppContext) {
        self.init(fetcher: context.client, store: context.store(FruitLog.self), days: context.days)
    }

    // MARK: - Catalogue

    /// Every fruit the provider knows, with where the list came from.
    package typealias Catalogue = (fruits: [Fruit], provenance: Provenance)

    /// Every fruit, trimmed, with the catalogue's provenance.
    /// - Parameter onStale: called with a stale cached catalogue before it is refreshed.
    package func catalogue(onStale: (@Sendable (Catalogue) async -> Void)? = nil) async throws -> Catalogue {
        let handler = onStale.map { onStale in
            { @Sendable (stale: Fetched<[Fruityvice.Fruit]>) in await onStale((stale.value.map(Fruit.init), stale.provenance)) }
        }
        let fetched = try await fetcher.fetch(Fruityvice.all(), onStale: handler)
        return (fetched.value.map(Fruit.init), fetched.provenance)
    }

    /// Sorted by id, or by name.
    package static func sorted(_ fruits: [Fruit], byName: Bool) -> [Fruit] {
        byName ? fruits.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) } : fruits.sorted { $0.id < $1.id }
    }

    /// Sections by family, genus or order; groups and fruits in alphabetical order.
    package static func grouped(_ fruits: [Fruit], by grouping: FruitGrouping) -> [FruitGroup] {
        Dictionary(grouping: fruits) { $0.rank(grouping) }
            .map { FruitGroup(name: $0.key.isEmpty ? "(unknown)" : $0.key, fruits: sorted($0.value, byName: true)) }
            .sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// A fruit by id or name (case-insensitive); unknown → exit 64 with suggestions.
    /// - Parameter onStale: called with a stale cached answer before it is refreshed.
    package func fruit(_ reference: String, onStale: (@Sendable ((Fruit, Provenance)) async -> Void)? = nil) async throws -> (Fruit, Provenance) {
        let text = reference.trimmingWhitespace()
        guard !text.isEmpty, text.count <= 60 else { throw FruitError.emptyReference }
        let handler = onStale.map { onStale in
            { @Sendable (stale: Fetched<Fruityvice.Fruit>) in await onStale((Fruit(stale.value), stale.provenance)) }
        }
        if Int(text) == nil, let single = try? await fetcher.fetch(Fruityvice.fruit(text), onStale: handler) {
            return (Fruit(single.value), single.provenance)
        }
        let (fruits, provenance) = try await catalogue()
        if let id = Int(text) {
            guard let fruit = fruits.first(where: { $0.id == id }) else {
                throw FruitError.unknownID(id, first: fruits.map(\.id).min() ?? 0, last: fruits.map(\.id).max() ?? 0)
            }
            return (fruit, provenance)
        }
        if let fruit = fruits.first(where: { $0.name.caseInsensitiveCompare(text) == .orderedSame }) { return (fruit, provenance) }
        throw unknown(text, among: fruits.map(\.name), what: "fruit")
    }

    /// The fruits of one family, genus or order.
    package func group(_ grouping: FruitGrouping, _ name: String) async throws -> (FruitGroup, Provenance) {
        let text = name.trimmingWhitespace()
        if let fetched = try? await fetcher.fetch(Fruityvice.group(grouping, text)), !fetched.value.isEmpty {
            let fruits = FruitService.sorted(fetched.value.map(Fruit.init), byName: true)
            return (FruitGroup(name: fruits[0].rank(grouping), fruits: fruits), fetched.provenance)
        }
        let (fruits, provenance) = try await catalogue()
        let members = fruits.filter { $0.rank(grouping).caseInsensitiveCompare(text) == .orderedSame }
        guard let first = members.first else {
            throw unknown(text, among: Array(Set(fruits.map { $0.rank(grouping) })), what: grouping.rawValue)
        }
        return (FruitGroup(name: first.rank(grouping), fruits: FruitService.sorted(members, byName: true)), provenance)
    }

    private func unknown(_ text: String, among names: [String], what: String) -> FruitError {
        .unknownName(text, what: what, suggestions: Similarity.suggestions(for: text, in: names))
    }

    // MARK: - Log

    /// Records a fruit eaten (default: today, 100 g) with its nutrition now.
    @discardableResult
    package func eat(_ reference: String, date text: String?, grams: Double) async throws -> FruitLogEntry {
        let date = try eatenDate(text)
        try NumberRule.grams.check(grams)
        let (fruit, _) = try await self.fruit(reference)
        return try store.update { log in
            let entry = FruitLogEntry(id: log.nextID, fruitID: fruit.id, name: fruit.name, date: date, grams: grams, per100g: fruit.nutrition)
            log.nextID += 1
            log.entries.append(entry)
            return entry
        }
    }

    /// The day a fruit was eaten, from what was typed (nil: today); never after today.
    package func eatenDate(_ text: String?) throws -> LocalDate {
        let today = try days.today()
        let date = try text.map { try DateInput.parse($0, today: today, field: .date) } ?? today
        if date > today { throw FruitError.eatenInFuture(date) }
        return date
    }

    /// Days with entries in the range (default: the 30 days ending today), oldest first.
    package func days(from: String?, to: String?) throws -> [FruitDay] {
        let range = try DateInput.range(from: from, to: to, today: try days.today(), defaultDays: 30)
        let entries = try store.read().entries.filter { range.contains($0.date) }
        return Dictionary(grouping: entries, by: \.date).map { FruitDay(date: $0.key, entries: $0.value.sorted { $0.id < $1.id }) }
            .sorted { $0.date < $1.date }
    }

    /// Removes log entry `id`; `FruitError.noLogEntry` when there is none.
    @discardableResult
    package func removeEntry(_ id: Int) throws -> FruitLogEntry {
        try store.update { log in
            guard let index = log.entries.firstIndex(where: { $0.id == id }) else {
                throw FruitError.noLogEntry(id, logIsEmpty: log.entries.isEmpty)
            }
            return log.entries.remove(at: index)
        }
    }

    /// The most recent day this fruit was eaten within the 30 days ending today.
    package func lastEaten(_ fruit: Fruit) throws -> LocalDate? {
        let today = try days.today()
        return try store.read().entries
            .filter { $0.fruitID == fruit.id && $0.date <= today && $0.date > today.adding(days: -30) }
            .map(\.date).max()
    }
}
