import AlmanacCore
import AlmanacHTTP
import Foundation
import Synchronization

/// The client's side of the cache (docs/architecture.md §4): what is stored for an endpoint and
/// how the `AnswerMachine` sees it, and keeping a response by HTTP's rules — a 304 renews the
/// stored answer, `no-store` removes it, anything else replaces it — with every configured key
/// scrubbed from the body first, so no cache file can hold one. One request a resource across
/// processes: `turn` (`AnswerStore+Turn.swift`).
package struct AnswerStore: Sendable {
    /// The files (`JSONFileCache`).
    package let cache: JSONFileCache
    /// The time freshness is measured by.
    let clock: any Clock
    /// `--max-age` (`maxAge`), the state folder the resource locks live in, the request's time.
    let configuration: Configuration
    /// Where a write that failed is said under `--verbose`.
    let console: Console
    /// The answers the servers gave this run, by key, with the instant each was kept.
    private let given = GivenAnswers()

    /// The store over `cache` for a run's configuration.
    package init(cache: JSONFileCache, configuration: Configuration, clock: any Clock, console: Console) {
        self.cache = cache
        self.clock = clock
        self.configuration = configuration
        self.console = console
    }

    /// `--max-age`: stored answers older than this count as stale; nil: the server's word.
    private var maxAge: TimeInterval? { configuration.maxAge }

    /// The stored entry and its decoded value; nil when none, or when it cannot be decoded.
    func entry<R>(_ endpoint: Endpoint<R>) -> (entry: CacheEntry, value: R)? {
        let descriptor = endpoint.descriptor
        guard let entry = cache.read(key: descriptor.identity, provider: descriptor.provider), let value = try? endpoint.decode(entry.body)
        else { return nil }
        return (entry, value)
    }

    /// Until when `entry` is fresh, `--max-age` counted.
    func freshUntil(_ entry: CacheEntry) -> Date { entry.freshUntil(maxAge: maxAge) }

    /// How the machine sees `entry` at `now`: fresh, too, when it is the answer a server gave
    /// this run (`answersThisRun`).
    func state(_ entry: CacheEntry, now: Date) -> AnswerMachine.Stored {
        if entry.isFresh(at: now, maxAge: maxAge) || answersThisRun(entry) { return .fresh }
        let strict = entry.mustRevalidate  // neither shown at once nor refreshed behind (RFC 9111 §5.2.2.2)
        return .stale(
            AnswerMachine.Staleness(
                withinWindow: !strict && entry.withinStaleWhileRevalidate(at: now, maxAge: maxAge),
                glanceMayShow: !strict && entry.mayShowWhileRevalidating(at: now, maxAge: maxAge), mustRevalidate: strict,
                quietOnError: entry.standsAfterError(at: now) == true))
    }

    /// The stored answer without any network, marked stale past its freshness; nil when none,
    /// or when it is stale and `must-revalidate` (never shown stale).
    package func peek<R>(_ endpoint: Endpoint<R>) -> Fetched<R>? {
        guard let (entry, value) = entry(endpoint) else { return nil }
        let stale = !entry.isFresh(at: clock.now(), maxAge: maxAge) && !answersThisRun(entry)
        if stale, entry.mustRevalidate { return nil }
        Invocation.answered(freshUntil: stale ? .distantPast : freshUntil(entry))
        return Fetched(value: value, origin: .cache, fetchedAt: entry.fetchedAt, stale: stale)
    }

    /// Whether `entry` is the answer a server gave this one-shot command — a response, or the
    /// stored answer a `304` confirmed. It answers every read of it the command makes, however
    /// its headers date it (stale on arrival, or a `304` without `Date` leaving `must-revalidate`
    /// merged fields past): RFC 9111 §4.3.3 uses the answer for the request that asked, and a
    /// one-shot command (one with a run deadline) is one request a person made. The next command
    /// judges it by its headers again, as does each later request of the app, the menu or a watch.
    private func answersThisRun(_ entry: CacheEntry) -> Bool {
        guard configuration.deadline != nil else { return false }
        return given.keptAt(entry.key).map { abs($0.timeIntervalSince(entry.fetchedAt)) < 0.001 } ?? false  // as read back from its file
    }

    /// The body stored for an endpoint, whatever its age; nil when none.
    package func body<R>(_ endpoint: Endpoint<R>) -> Data? {
        cache.read(key: endpoint.descriptor.identity, provider: endpoint.descriptor.provider)?.body
    }

    /// Stores `body` as the answer to `endpoint`, fetched at `fetchedAt` — one part of a batch
    /// answer, so the part is found on its own later.
    package func store<R>(_ endpoint: Endpoint<R>, body: Data, fetchedAt: Date) {
        let descriptor = endpoint.descriptor
        write(
            CacheEntry(
                key: descriptor.identity, provider: descriptor.provider, name: descriptor.name, fetchedAt: fetchedAt, ttl: descriptor.ttl,
                body: scrubbed(body, from: descriptor.provider)))
    }

    /// Keeps `response` to `endpoint` (sent conditionally on `previous` when there is one) and
    /// returns the live answer and what kind of response it was.
    func keep<R>(_ response: HTTPResponse, to endpoint: Endpoint<R>, previous: CacheEntry?) throws -> (Fetched<R>, AnswerMachine.Response) {
        let now = clock.now()
        let freshness = Freshness.of(headers: response.headers, receivedAt: now)
        if response.status == 304, let previous {
            // The body stays; the fields sent replace the stored ones (RFC 9111 §4.3.4).
            let renewed = previous.renewed(by: response.headers, at: now)
            keep(renewed, freshness)
            Invocation.answered(freshUntil: freshUntil(renewed))
            return (Fetched(value: try endpoint.decode(renewed.body), origin: .live, fetchedAt: now, stale: false), .notModified)
        }
        let body = endpoint.keptForm(of: response.body)
        let value = try endpoint.decode(body)
        let entry = Self.entry(
            for: response, endpoint.descriptor, body: scrubbed(body, from: endpoint.descriptor.provider), at: now, freshness: freshness)
        keep(entry, freshness)
        Invocation.answered(freshUntil: freshness == .noStore ? .distantPast : freshUntil(entry))
        let changed = previous.map { $0.body != entry.body } ?? false
        let kind: AnswerMachine.Response = freshness == .noStore ? .noStore : .answer(deprecated: response.status == 203)
        return (Fetched(value: value, origin: .live, fetchedAt: now, stale: false, changedAfterStale: changed), kind)
    }

    /// The answer another process stored while this one waited for the resource's lock: newer
    /// than `previous` (or the first) and fresh; nil when there is none.
    func answeredMeanwhile<R>(_ endpoint: Endpoint<R>, after previous: CacheEntry?) -> Fetched<R>? {
        guard let (entry, value) = entry(endpoint), entry.fetchedAt > (previous?.fetchedAt ?? .distantPast),
            entry.isFresh(at: clock.now(), maxAge: maxAge)
        else { return nil }
        Invocation.answered(freshUntil: freshUntil(entry))
        return Fetched(value: value, origin: .cache, fetchedAt: entry.fetchedAt, stale: false)
    }

    /// A new entry for a response, with its validators, windows and stored fields.
    private static func entry(for response: HTTPResponse, _ descriptor: RequestDescriptor, body: Data, at now: Date, freshness: Freshness)
        -> CacheEntry
    {
        var entry = CacheEntry(
            key: descriptor.identity, provider: descriptor.provider, name: descriptor.name, fetchedAt: now, ttl: descriptor.ttl,
            expiresAt: freshness.expiresAt, status: response.status, etag: response.header("etag"),
            lastModified: response.header("last-modified"), body: body)
        (entry.staleWhileRevalidate, entry.staleIfError) = Freshness.staleAllowances(headers: response.headers)
        entry.fields = CacheEntry.fields(of: response.headers)
        return entry
    }

    /// Stores an entry, or removes the stored one when the server said `no-store`.
    private func keep(_ entry: CacheEntry, _ freshness: Freshness) {
        guard freshness != .noStore else { return cache.remove(key: entry.key, provider: entry.provider) }
        given.note(entry.key, keptAt: entry.fetchedAt)
        write(entry)
    }

    private func write(_ entry: CacheEntry) {
        do { try cache.write(entry) } catch { console.debug("cache: not stored: \(error)") }
    }

    /// The body with any configured key replaced (`Configuration.secrets`).
    private func scrubbed(_ body: Data, from provider: Provider) -> Data {
        let secrets = configuration.secrets(answering: provider)
        guard !secrets.isEmpty else { return body }
        let text = String(decoding: body, as: UTF8.self)
        guard secrets.contains(where: { text.contains($0) }) else { return body }
        return Data(Redactor.scrub(text, secrets: secrets).utf8)
    }
}

/// The keys of the answers a server gave this run and when each was kept (`AnswerStore`'s
/// `answersThisRun`); one per run, shared by the store's copies.
private final class GivenAnswers: Sendable {
    private let kept = Mutex<[String: Date]>([:])

    func note(_ key: String, keptAt date: Date) { kept.withLock { $0[key] = date } }

    func keptAt(_ key: String) -> Date? { kept.withLock { $0[key] } }
}
