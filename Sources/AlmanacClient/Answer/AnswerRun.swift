import AlmanacCore
import AlmanacHTTP
import Foundation

/// One live request's executor (docs/architecture.md §4, "The answer machine"), the shape of
/// async-http-client's `Transaction` over its state machine: it owns an `AnswerMachine`, performs
/// each action with the client's parts — the cache's side, the policy, the sender, the notes —
/// and feeds the outcome back as the next event. What it holds between steps is only what the
/// actions produced: the stored answer, the policy's ticket, the pause, the answer or the failure.
struct AnswerRun<R: Sendable> {
    let client: DataClient
    let endpoint: Endpoint<R>
    let onStale: (@Sendable (Fetched<R>) async -> Void)?
    /// A refresh behind a stale answer already shown (`AnswerMachine.Request.behind`).
    let behind: Bool
    private let stored: (entry: CacheEntry, value: R)?
    private var machine = AnswerMachine()
    private var ticket = SendTicket.free
    private var pausedUntil: Date?
    private var received: Fetched<R>?
    private var failure: (any Error)?

    /// A run for `endpoint` over what is stored now; a refresh behind (`behind`) runs over the
    /// answer just served (`served`), read once, so what it decides is about that answer.
    init(
        client: DataClient, endpoint: Endpoint<R>, onStale: (@Sendable (Fetched<R>) async -> Void)?,
        behind served: (entry: CacheEntry, value: R)? = nil
    ) {
        (self.client, self.endpoint, self.onStale, self.behind) = (client, endpoint, onStale, served != nil)
        self.stored = served ?? client.answers.entry(endpoint)
    }

    private var descriptor: RequestDescriptor { endpoint.descriptor }
    private var provider: Provider { endpoint.descriptor.provider }
    /// The provider's send policy, when a feature adopted one.
    private var policy: (any SendPolicy)? { client.policies.policy(for: provider) }

    /// Runs the machine until it answers or fails.
    mutating func answer() async throws -> Fetched<R> {
        let configuration = client.configuration
        let request = AnswerMachine.Request(
            stored: stored.map { client.answers.state($0.entry, now: client.clock.now()) }, refresh: configuration.refresh,
            glance: configuration.glance && !configuration.isRefresher, unreachable: client.isUnreachable(provider),
            keyless: provider.keyVariable == nil, noWait: configuration.noWait, behind: behind)
        var action = machine.handle(.asked(request))
        while true {
            if let answer = try await perform(action) { return answer }
            action = machine.handle(try await outcome(of: action))
        }
    }

    /// The actions that answer (or throw); nil for those that lead to another event.
    private mutating func perform(_ action: AnswerMachine.Action) async throws -> Fetched<R>? {
        switch action {
        case .serveStored(false, _): return try served(stale: false)
        case .serveStored(true, let warning):
            if let warning { warn(warning) }
            return try served(stale: true)
        case .serveStoredRefreshingBehind:
            client.refreshBehind(endpoint, served: stored)
            return try served(stale: true)
        case .serveStoredForGlance:
            client.startRefresher(for: descriptor)
            return try served(stale: true)
        case .serveReceived(let noteDeprecated):
            if noteDeprecated { client.notes.deprecated(provider) }
            guard let received else { throw AnswerMachine.OutOfOrder() }
            return received
        case .serveSample:
            client.rememberUnreachable(provider)
            guard let sample = await client.samples.recorded(endpoint) else { return nil }
            client.notes.unreachable(provider, recordedAt: sample.fetchedAt)
            return sample
        case .fail(let refusal, let remember):
            if remember { client.rememberUnreachable(provider) }
            throw error(for: refusal)
        case .readPause, .admit, .waitForPolicy, .send: return nil
        }
    }

    /// The event an action that did not answer leads to.
    private mutating func outcome(of action: AnswerMachine.Action) async throws -> AnswerMachine.Event {
        switch action {
        case .readPause:
            pausedUntil = ProviderPause(stateFolder: client.configuration.paths.state).until(provider, now: client.clock.now())
            return .pause(active: pausedUntil != nil)
        case .admit: return .admitted(try admission(), deadline: RunDeadline.forWait(client.configuration.deadline))
        case .waitForPolicy(let until):
            try await policy?.wait(until: until)
            return .waited
        case .send(let conditional, let showStaleFirst):
            if showStaleFirst, let stale = try? served(stale: true) { await onStale?(stale) }
            do {
                let kind: AnswerMachine.Response
                (received, kind) = try await client.send(endpoint, previous: conditional ? stored?.entry : nil, ticket: ticket)
                return .responded(kind)
            } catch {
                failure = error
                return .failed(AnswerMachine.Failure(error))
            }
        case .serveSample: return .noSample  // `perform` found none
        case .serveStored, .serveStoredRefreshingBehind, .serveStoredForGlance, .serveReceived, .fail: throw AnswerMachine.OutOfOrder()
        }
    }

    /// The policy's verdict as the machine's event; a granted ticket is kept for the send.
    private mutating func admission() throws -> AnswerMachine.Admission {
        guard let policy else { return .granted }
        switch try policy.admit(descriptor) {
        case .send(let granted):
            ticket = granted
            return .granted
        case .deferred(let until): return .deferred(until: until, seconds: PolicyWaitRule.seconds(until: until, now: client.clock.now()))
        case .refused(let until): return .refused(until: until)
        }
    }

    /// The stored answer, as the machine chose to serve it.
    private func served(stale: Bool) throws -> Fetched<R> {
        guard let stored else { throw AnswerMachine.OutOfOrder() }
        Invocation.answered(freshUntil: stale ? .distantPast : client.answers.freshUntil(stored.entry))
        return Fetched(value: stored.value, origin: .cache, fetchedAt: stored.entry.fetchedAt, stale: stale)
    }

    /// Why a stale answer stands: the policy's note, or a warning with the reason.
    private func warn(_ warning: AnswerMachine.Warning) {
        guard let fetchedAt = stored?.entry.fetchedAt else { return }
        switch warning {
        case .held(let freshAt): policy?.noteKept(descriptor.what, fetchedAt: fetchedAt, freshAt: freshAt)
        case .paused: client.notes.staleStands(descriptor.what, fetchedAt: fetchedAt, reason: "\(error(for: .rateLimited))")
        case .failed:
            client.notes.staleStands(descriptor.what, fetchedAt: fetchedAt, reason: ErrorText.describe(failure ?? AnswerMachine.OutOfOrder()))
        }
    }

    /// The error a refusal throws.
    private func error(for refusal: AnswerMachine.Refusal) -> any Error {
        let now = client.clock.now()
        switch refusal {
        case .asReceived: return failure ?? AnswerMachine.OutOfOrder()
        case .rateLimited: return APIError.rateLimited(provider: provider, retryAfter: (pausedUntil ?? now).timeIntervalSince(now))
        case .staleRefused: return StaleRefused(what: descriptor.what, reason: failure ?? AnswerMachine.OutOfOrder())
        case .policy(let refusal): return policy?.error(for: refusal) ?? AnswerMachine.OutOfOrder()
        case .outOfOrder: return AnswerMachine.OutOfOrder()
        }
    }
}

extension AnswerMachine.Failure {
    /// How the executor counts `error`: a cancelled task; a transport failure or a 5xx (the
    /// provider cannot be reached now); anything else.
    package init(_ error: any Error) {
        switch error {
        case is CancellationError: self = .cancelled
        case is TransportError, APIError.server: self = .unreachable
        default: self = .other
        }
    }
}
