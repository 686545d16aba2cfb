import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation
import Synchronization

/// The cache-first client every front end reads through (docs/architecture.md §3 and §4).
///
/// Offline or without a key: cache, then recorded fixtures. Live: fresh cache entries
/// are served without the network; stale ones are served at once through `onStale`,
/// then revalidated (conditionally when validators exist); missing ones are fetched.
package final class DataClient: Sendable {
    /// Keys, base URLs, folders and network settings.
    package let configuration: Configuration
    /// The path to the providers; used only when the cache and policy allow a send.
    package let live: LiveClient
    /// Answers kept under the cache folder (docs/architecture.md §4).
    package let cache: JSONFileCache
    /// The recorded sample answers; nil when no sample data is installed.
    package let fixtures: FixtureTransport?
    /// The time used for freshness and ages (injected in tests).
    package let clock: any Clock
    /// Where warnings and `--verbose` lines go.
    package let console: Console
    /// Asked before each live send when the cache has no fresh answer (a credit budget); nil: always send.
    package let policy: (any SendPolicy)?
    /// Reads the provider choices the user saved, once, when the run's sources are first asked
    /// (`DataClient+Sources.swift`); the wiring hands it over (`DataClient.standard`).
    package let savedChoices: @Sendable () -> SavedChoices
    private let inFlight = InFlight()
    /// "Asking MET Norway…" on a terminal while a request takes over a second.
    private let asking: AskingLine
    /// Providers whose missing key was already dealt with this run (the day's log is read once).
    private let keyNotes = Mutex<Set<Provider>>([])
    /// Keyless providers found unreachable this run: later requests to them answer from the cache
    /// and the sample data at once instead of trying (and retrying) the network again.
    private let unreachable = Mutex<Set<Provider>>([])
    /// Whether this run started its glance refresher already (one a run covers every resource).
    private let refresherStarted = Atomic(false)
    /// Refreshes started behind answers shown within their `stale-while-revalidate` window.
    let behind = Mutex<[Task<Void, Never>]>([])
    /// Who answers each capability this run, resolved on first use (`DataClient+Sources.swift`).
    let resolvedSources = Mutex<RunSources?>(nil)
    /// Providers already noted as unreachable this run: one note a provider.
    private let unreachableNoted = Mutex<Set<String>>([])

    /// A client over the given parts; `DataClient.standard` builds the usual ones from a configuration.
    package init(
        configuration: Configuration, live: LiveClient, cache: JSONFileCache,
        fixtures: FixtureTransport?, clock: any Clock = SystemClock(), console: Console, policy: (any SendPolicy)? = nil,
        savedChoices: @escaping @Sendable () -> SavedChoices
    ) {
        self.policy = policy
        self.savedChoices = savedChoices
        self.configuration = configuration
        self.live = live
        self.cache = cache
        self.fixtures = fixtures
        self.clock = clock
        self.console = console
        self.asking = AskingLine(console: console, quiet: configuration.quietNotes || configuration.glance)
    }

    /// Fetches an endpoint through the policy.
    ///
    /// - Parameter onStale: called with the stale result before revalidation starts, so a
    ///   human display can show it at once. Not called for `--json`-style callers passing nil.
    package func fetch<R: Sendable>(
        _ endpoint: Endpoint<R>, onStale: (@Sendable (Fetched<R>) async -> Void)? = nil
    ) async throws -> Fetched<R> {
        let descriptor = endpoint.descriptor
        switch configuration.mode(for: descriptor.provider) {
        case .offline:
            return try await offlineAnswer(endpoint)
        case .missingKey:
            noteMissingKey(descriptor.provider)
            return try await offlineAnswer(endpoint)
        case .live:
            if unreachable.withLock({ $0.contains(descriptor.provider) }) {
                if let cached = peek(endpoint) { return cached }
                if let sample = await keylessSample(endpoint) { return sample }
            }
            return try await liveAnswer(endpoint, onStale: onStale)
        }
    }

    /// "KEY is not set; showing sample data": once a day per provider (remembered in the state
    /// folder), every time under `--verbose`, never when the run asked for quiet notes (a status
    /// bar's `--format line`), and never about a provider that answers nothing this run
    /// (`RunSources.answers`: Twelve Data's catalogue read for names while Kraken prices). The
    /// `Source:` line and `--json` still say where data came from.
    private func noteMissingKey(_ provider: Provider) {
        guard sources.answers(provider) else { return }
        let variable = provider.keyVariable ?? ""
        let text = "\(RunSources.brand(provider)): \(variable) is not set; showing sample data. Set \(variable) for live data."
        if configuration.verbose { return console.noteOnce(text) }
        if configuration.quietNotes || !keyNotes.withLock({ $0.insert(provider).inserted }) { return }
        noteOnceADay(text, key: "missing-key-\(provider.rawValue)")
    }

    /// `keyless` (Kraken) cannot be reached, so `keyed`'s sample data answers instead: one note a
    /// run saying so, in place of `keyed`'s missing-key note (a key is not what is missing).
    package func noteKeylessFallback(_ keyless: Provider, instead keyed: Provider) {
        keyNotes.withLock { _ = $0.insert(keyed) }
        noteUnreachable(keyless)
    }

    /// Whether `provider` was found unreachable this run (its answers come from the cache or
    /// the recordings from then on).
    package func isUnreachable(_ provider: Provider) -> Bool { unreachable.withLock { $0.contains(provider) } }

    /// Whether `error` says the provider cannot be reached now: a transport failure or a 5xx.
    package static func meansUnreachable(_ error: any Error) -> Bool {
        switch error {
        case is TransportError, APIError.server: true
        default: false
        }
    }

    /// "<provider> unreachable; showing sample data recorded on <day>.": said once a run for each
    /// provider (by the name a person knows: Open-Meteo's two hosts are one), after its sample
    /// answer was found — never before an answer that is not shown — and never on a status line.
    private func noteUnreachable(_ provider: Provider, recordedAt: Date? = nil) {
        let name = RunSources.brand(provider)
        let first = unreachableNoted.withLock { $0.insert(name).inserted }
        let day = (recordedAt.map { LocalDate.utc($0) } ?? fixtures?.recordedOn).map { " recorded on \($0)" } ?? ""
        if first, !configuration.quietNotes { console.noteForAnswer("\(name) unreachable; showing sample data\(day).") }
    }

    /// Says `text` the first time today that `key` comes up (remembered in the state folder).
    private func noteOnceADay(_ text: String, key: String) {
        if NoticeLog(stateFolder: configuration.paths.state).firstToday(key, day: LocalDate.local(clock.now())) { console.note(text) }
    }

    /// A 203 answer: the provider says this product version is deprecated. Said once a day per
    /// provider (remembered in the state folder), every time under `--verbose`.
    private func noteDeprecated(_ descriptor: RequestDescriptor) {
        let name = descriptor.provider.displayName
        let text =
            "warning: \(name) says the product this version of almanac uses is deprecated (HTTP 203); it still answers, but a newer almanac will be needed."
        if configuration.verbose { return console.noteOnce(text) }
        noteOnceADay(text, key: "deprecated-\(descriptor.provider.rawValue)")
    }

    /// The cached answer for an endpoint without any network, marked stale past its freshness; nil when none.
    package func peek<R: Sendable>(_ endpoint: Endpoint<R>) -> Fetched<R>? {
        let descriptor = endpoint.descriptor
        guard let entry = cache.read(key: descriptor.identity, provider: descriptor.provider),
            let value = try? endpoint.decode(entry.body)
        else { return nil }
        let stale = !entry.isFresh(at: clock.now(), maxAge: configuration.maxAge)
        if stale, entry.mustRevalidate { return nil }  // never shown stale (RFC 9111 §5.2.2.2)
        return Fetched(value: value, origin: .cache, fetchedAt: entry.fetchedAt, stale: stale)
    }

    /// The body cached for an endpoint, whatever its age; nil when none.
    package func cachedBody<R>(_ endpoint: Endpoint<R>) -> Data? {
        cache.read(key: endpoint.descriptor.identity, provider: endpoint.descriptor.provider)?.body
    }

    /// Stores `body` as the answer to `endpoint`, fetched at `fetchedAt` — for one part of a
    /// batch answer, so the part is found on its own later. Secrets are scrubbed as for any entry.
    package func store<R>(_ endpoint: Endpoint<R>, body: Data, fetchedAt: Date) {
        let descriptor = endpoint.descriptor
        let entry = CacheEntry(
            key: descriptor.identity, provider: descriptor.provider, name: descriptor.name,
            fetchedAt: fetchedAt, ttl: descriptor.ttl, body: scrubbed(body))
        do { try cache.write(entry) } catch { console.debug("cache: not stored: \(error)") }
    }

    // MARK: - Offline

    /// Why this run answers from the sample data: `--offline`, else a missing key.
    private var sampleReason: SampleDataError.Reason { configuration.offline ? .offline : .keyMissing }

    /// The cache, else the recorded answer, asked through the transport protocol.
    private func offlineAnswer<R>(_ endpoint: Endpoint<R>) async throws -> Fetched<R> {
        let descriptor = endpoint.descriptor
        if let cached = peek(endpoint) { return cached }
        guard let fixtures else {
            console.debug("no sample data folder for \(descriptor.identity)")
            var error = SampleDataError(
                provider: descriptor.provider, covered: [], reason: sampleReason, request: descriptor.identity, what: descriptor.what)
            error.noSampleData = true
            throw error
        }
        let request = RequestPreparer.prepareRecorded(descriptor)
        let response: HTTPResponse
        do {
            response = try await fixtures.send(request)
        } catch let error as APIError {
            guard case .noRecording = error else { throw error }
            console.debug(error.description)
            throw SampleDataError(
                provider: descriptor.provider, covered: fixtures.coverage(for: descriptor), reason: sampleReason, request: descriptor.identity,
                what: descriptor.what)
        }
        guard response.isSuccess else { throw LiveClient.error(for: response, descriptor: descriptor, request: request) }
        return Fetched(value: try endpoint.decode(response.body), origin: .fixture, fetchedAt: recordedAt(response), stale: false)
    }

    // MARK: - Live

    /// Runs the request's `AnswerPlan`: a fresh entry answers without the network; a stale one is
    /// shown at once (a glance, a `stale-while-revalidate` window) or through `onStale` while the
    /// request is sent (conditionally when it has validators); a provider's pause sends nothing.
    /// `--refresh` skips the cache, except when the policy says nothing may go now.
    private func liveAnswer<R: Sendable>(
        _ endpoint: Endpoint<R>, onStale: (@Sendable (Fetched<R>) async -> Void)?
    ) async throws -> Fetched<R> {
        let descriptor = endpoint.descriptor
        let now = clock.now()
        var cached: (entry: CacheEntry, value: R)?
        if let entry = cache.read(key: descriptor.identity, provider: descriptor.provider), let value = try? endpoint.decode(entry.body) {
            cached = (entry, value)
        }
        let stale = cached.map { Fetched(value: $0.value, origin: .cache, fetchedAt: $0.entry.fetchedAt, stale: true) }
        var pausedUntil: Date?  // read once, and only when the plan depends on it
        let plan = AnswerPlan.decide(
            stored: cached.map { storedState($0.entry, now: now) }, refresh: configuration.refresh, glance: configuration.glance,
            paused: {
                pausedUntil = ProviderPause(stateFolder: configuration.paths.state).until(descriptor.provider, now: Date())
                return pausedUntil != nil
            })
        switch (plan, cached, stale) {
        case (.stored, let cached?, _): return Fetched(value: cached.value, origin: .cache, fetchedAt: cached.entry.fetchedAt, stale: false)
        case (.staleForGlance, let cached?, let stale?): return try await glanceAnswer(endpoint, cached: cached.entry, stale: stale)
        case (.staleRefreshedBehind, let cached?, let stale?):
            refreshBehind(endpoint, cached: cached.entry)
            return stale
        case (.paused, _, _): return try pausedAnswer(descriptor, until: pausedUntil ?? now, stale: stale, now: now)
        case (.revalidate, let cached?, _) where cached.entry.mustRevalidate:
            return try await revalidateStrictly(endpoint, cached: cached.entry)
        case (.revalidate, let cached?, let stale?):
            guard let ticket = try await admitted(descriptor, cachedAt: cached.entry.fetchedAt) else { return stale }
            await onStale?(stale)
            return try await revalidate(endpoint, cached: cached.entry, stale: stale, ticket: ticket, now: now)
        default:  // .ask (the other plans always come with what they need)
            let ticket = try await admitted(descriptor, cachedAt: cached?.entry.fetchedAt)
            if ticket == nil, let stale { return stale }
            return try await ask(endpoint, ticket: ticket ?? .free)
        }
    }

    /// Asks the server again about a stale answer; on failure the stale answer stands, with a
    /// warning unless the server's `stale-if-error` window allows it quietly.
    private func revalidate<R>(_ endpoint: Endpoint<R>, cached: CacheEntry, stale: Fetched<R>, ticket: SendTicket, now: Date) async throws
        -> Fetched<R>
    {
        do {
            return try await send(endpoint, previous: cached, ticket: ticket)
        } catch let cancelled as CancellationError {
            throw cancelled  // the caller left: nothing to warn about
        } catch {
            // RFC 5861: within the server's `stale-if-error` window the stale answer stands quietly.
            if cached.standsAfterError(at: now) == true { return stale }
            let reason = ErrorText.describe(error)
            console.warn("showing the \(endpoint.descriptor.what) cached \(Age.describe(now.timeIntervalSince(cached.fetchedAt))) ago: \(reason)")
            return stale
        }
    }

    /// A glance with a stale answer: it is shown at once and the detached refresher, started once
    /// a run unless another process is refreshing this resource, fetches behind it. In the
    /// refresher itself: the request, only when the resource's lock is free at once.
    func glanceAnswer<R>(_ endpoint: Endpoint<R>, cached: CacheEntry, stale: Fetched<R>) async throws -> Fetched<R> {
        let descriptor = endpoint.descriptor
        let folder = configuration.paths.state
        guard configuration.isRefresher else {
            if !ResourceLock.isHeld(folder: folder, key: descriptor.identity, provider: descriptor.provider),
                refresherStarted.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
            {
                console.debug("glance: showing the stale \(descriptor.what); refreshing it in the background")
                GlanceRefresher.start()
            }
            return stale
        }
        guard let lock = ResourceLock.take(folder: folder, key: descriptor.identity, provider: descriptor.provider) else { return stale }
        if let answered = answeredMeanwhile(endpoint, after: cached) { return answered }
        defer { withExtendedLifetime(lock) {} }  // held until the answer is stored
        do { return try await fetchAndStore(endpoint, previous: cached, locked: true) } catch { return stale }
    }

    /// While the provider's own Retry-After is not over, nothing is sent and nothing waits for
    /// credits (the pause ends at `until`): the stale answer stands (with a warning), or the rate
    /// limit is thrown.
    private func pausedAnswer<R>(_ descriptor: RequestDescriptor, until: Date, stale: Fetched<R>?, now: Date) throws -> Fetched<R> {
        let error = APIError.rateLimited(provider: descriptor.provider, retryAfter: until.timeIntervalSinceNow)
        guard let stale else { throw error }
        console.warn("showing the \(descriptor.what) cached \(Age.describe(now.timeIntervalSince(stale.fetchedAt))) ago: \(error)")
        return stale
    }

    /// One send under the policy's ticket.
    func send<R>(_ endpoint: Endpoint<R>, previous: CacheEntry?, ticket: SendTicket) async throws -> Fetched<R> {
        guard let policy else { return try await fetchAndStore(endpoint, previous: previous) }
        return try await policy.sending(ticket) { try await fetchAndStore(endpoint, previous: previous) }
    }

    /// Sends the request (conditionally on `previous`'s validators) and stores the answer, holding
    /// the resource's cross-process lock unless the caller holds it (`locked`).
    private func fetchAndStore<R>(_ endpoint: Endpoint<R>, previous: CacheEntry?, locked: Bool = false) async throws -> Fetched<R> {
        if locked { return try await sendAndStore(endpoint, previous: previous) }
        let turn = try await sharedTurn(endpoint, previous: previous)
        if let answered = turn.answered { return answered }
        defer { withExtendedLifetime(turn.lock) {} }  // held until the answer is stored
        return try await sendAndStore(endpoint, previous: previous)
    }

    private func sendAndStore<R>(_ endpoint: Endpoint<R>, previous: CacheEntry?) async throws -> Fetched<R> {
        let descriptor = endpoint.descriptor
        var headers: [String: String] = [:]
        if let etag = previous?.etag { headers["If-None-Match"] = etag }
        if let modified = previous?.lastModified { headers["If-Modified-Since"] = modified }
        let validators = headers
        let live = self.live
        let response = try await asking.around(descriptor.provider) {
            try await inFlight.run(descriptor.identity) { try await live.send(descriptor, extraHeaders: validators) }
        }
        let now = clock.now()
        let freshness = Freshness.of(headers: response.headers, receivedAt: now)
        if response.status == 304, let previous {
            // A 304 renews the stored answer (RFC 9111 §4.3.4): its body stays; the fields it
            // sends replace the stored ones, the others are kept (`CacheEntry.renewed`).
            let renewed = previous.renewed(by: response.headers, at: now)
            keep(renewed, freshness)
            return Fetched(value: try endpoint.decode(renewed.body), origin: .live, fetchedAt: now, stale: false)
        }
        if response.status == 203 { noteDeprecated(descriptor) }
        let value = try endpoint.decode(response.body)
        let body = scrubbed(response.body)
        var entry = CacheEntry(
            key: descriptor.identity, provider: descriptor.provider, name: descriptor.name, fetchedAt: now,
            ttl: descriptor.ttl, expiresAt: freshness.expiresAt, status: response.status, etag: response.header("etag"),
            lastModified: response.header("last-modified"), body: body)
        (entry.staleWhileRevalidate, entry.staleIfError) = Freshness.staleAllowances(headers: response.headers)
        entry.fields = CacheEntry.fields(of: response.headers)
        keep(entry, freshness)
        let changed = previous.map { $0.body != body } ?? false
        return Fetched(value: value, origin: .live, fetchedAt: now, stale: false, changedAfterStale: changed)
    }

    /// Stores an answer, or removes the one stored when the server said `no-store`.
    private func keep(_ entry: CacheEntry, _ freshness: Freshness) {
        guard freshness != .noStore else { return cache.remove(key: entry.key, provider: entry.provider) }
        do { try cache.write(entry) } catch { console.debug("cache: not stored: \(error)") }
    }

    /// A provider that needs no key and cannot be reached (a transport failure or a 5xx), with
    /// nothing cached: remembered for the rest of the run, and the recorded answer instead.
    func unreachableFallback<R>(_ endpoint: Endpoint<R>, error: any Error) async -> Fetched<R>? {
        let provider = endpoint.descriptor.provider
        guard Self.meansUnreachable(error), provider.keyVariable == nil else { return nil }
        unreachable.withLock { _ = $0.insert(provider) }
        return await keylessSample(endpoint)
    }

    /// The recorded answer for a keyless provider that cannot be reached, with one note a run.
    /// Not with `--refresh` (the user asked for fresh data).
    private func keylessSample<R>(_ endpoint: Endpoint<R>) async -> Fetched<R>? {
        guard !configuration.refresh, endpoint.descriptor.provider.keyVariable == nil, let sample = await recorded(endpoint) else { return nil }
        noteUnreachable(endpoint.descriptor.provider, recordedAt: sample.fetchedAt)
        return sample
    }

    /// The body with any configured key replaced, so no cache file can hold one.
    private func scrubbed(_ body: Data) -> Data {
        let keys = Provider.allCases.compactMap { configuration.key(for: $0) }.filter { $0.count >= 4 }
        guard !keys.isEmpty else { return body }
        let text = String(decoding: body, as: UTF8.self)
        guard keys.contains(where: { text.contains($0) }) else { return body }
        return Data(Redactor.scrub(text, secrets: keys).utf8)
    }
}
