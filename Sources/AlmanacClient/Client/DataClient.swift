import AlmanacCore
import AlmanacHTTP
import Foundation
import Synchronization

/// The cache-first client every front end reads through (docs/architecture.md §3 and §4): the
/// executor of the `AnswerMachine`. Offline or without a key: the cache, then the sample data.
/// Live: one `AnswerRun` a request performs what the machine decides, with this type's parts —
/// the cache's side (`AnswerStore`), the send policy, the sender (`DataClient+Send.swift`), the
/// notes — and what the run shares: providers found unreachable, refreshes behind.
package final class DataClient: Sendable {
    /// Keys, base URLs, folders and network settings.
    package let configuration: Configuration
    /// The path to the providers; used only when the machine says to send.
    package let live: LiveClient
    /// The cache's side: stored answers, and keeping responses by HTTP's rules.
    package let answers: AnswerStore
    /// The recorded sample answers.
    package let samples: SampleAnswers
    /// The time used for freshness and ages (injected in tests).
    package let clock: any Clock
    /// Where warnings and `--verbose` lines go.
    package let console: Console
    /// Asked before each send to a provider that has one (a feature's budget); the others: always send.
    package let policies: SendPolicies
    /// The run's notes about its providers (a missing key, unreachable, deprecated).
    package let notes: RunNotes
    let inFlight = InFlight()
    /// "Asking MET Norway…" on a terminal while a request takes over a second.
    let asking: AskingLine
    /// Keyless providers found unreachable this run: later requests to them answer from the cache
    /// and the sample data at once instead of trying (and retrying) the network again.
    private let unreachable = Mutex<Set<Provider>>([])
    /// Whether this run started its glance refresher already (one a run covers every resource).
    let refresherStarted = Atomic(false)
    /// Refreshes started behind answers shown within their `stale-while-revalidate` window.
    let behind = Mutex<[Task<Void, Never>]>([])

    /// A client over the given parts; `DataClient.standard` builds the usual ones from a configuration.
    package init(
        configuration: Configuration, live: LiveClient, cache: JSONFileCache,
        fixtures: FixtureTransport?, clock: any Clock = SystemClock(), console: Console, policies: SendPolicies = SendPolicies()
    ) {
        var live = live
        live.observer = live.observer.map { ObserverChain(first: policies, then: $0) } ?? policies
        (self.configuration, self.live, self.clock, self.console, self.policies) = (configuration, live, clock, console, policies)
        self.answers = AnswerStore(cache: cache, configuration: configuration, clock: clock, console: console)
        self.samples = SampleAnswers(fixtures: fixtures, clock: clock, console: console)
        self.notes = RunNotes(configuration: configuration, console: console, clock: clock, fixtures: fixtures)
        self.asking = AskingLine(console: console, quiet: configuration.quietNotes || configuration.glance)
    }

    /// Fetches an endpoint: offline or without a key from the cache, else the sample data; live
    /// through the `AnswerMachine`.
    ///
    /// - Parameter onStale: called with a stale answer before it is asked about again, so a
    ///   human display can show it at once. Not called for `--json`-style callers passing nil.
    package func fetch<R: Sendable>(
        _ endpoint: Endpoint<R>, onStale: (@Sendable (Fetched<R>) async -> Void)? = nil
    ) async throws -> Fetched<R> {
        let provider = endpoint.descriptor.provider
        switch configuration.mode(for: provider) {
        case .offline:
            // `--refresh` asks for what `--offline` cannot fetch (docs/data.md).
            if configuration.refresh { throw SampleDataError(provider: provider, covered: [], reason: .refreshedOffline) }
        case .missingKey: notes.missingKey(endpoint.descriptor)
        case .live:
            var run = AnswerRun(client: self, endpoint: endpoint, onStale: onStale)
            return try await run.answer()
        }
        if let stored = answers.peek(endpoint) { return stored }
        return try await samples.answer(endpoint, reason: configuration.offline ? .offline : .keyMissing)
    }

    /// Whether `provider` was found unreachable this run (its answers come from the cache or
    /// the recordings from then on).
    package func isUnreachable(_ provider: Provider) -> Bool { unreachable.withLock { $0.contains(provider) } }

    /// Remembers `provider` as unreachable for the rest of the run.
    func rememberUnreachable(_ provider: Provider) { unreachable.withLock { _ = $0.insert(provider) } }
}
