import AlmanacCore
import AlmanacHTTP
import Foundation

/// Sending (docs/architecture.md §4): under the policy's ticket, one request a resource across
/// processes, the answer kept by the cache's side before the resource's lock is let go.
extension DataClient {
    /// One send under the policy's ticket: the answer and what kind of response it was.
    func send<R: Sendable>(_ endpoint: Endpoint<R>, previous: CacheEntry?, ticket: SendTicket) async throws -> (Fetched<R>, AnswerMachine.Response) {
        guard let policy = policies.policy(for: endpoint.descriptor.provider) else { return try await fetchAndStore(endpoint, previous: previous) }
        return try await policy.sending(ticket) { try await fetchAndStore(endpoint, previous: previous) }
    }

    /// Sends the request (conditionally on `previous`'s validators) and keeps the answer, holding
    /// the resource's cross-process lock (`AnswerStore.turn`) until it is kept.
    private func fetchAndStore<R: Sendable>(_ endpoint: Endpoint<R>, previous: CacheEntry?) async throws -> (Fetched<R>, AnswerMachine.Response) {
        let turn = try await answers.turn(endpoint, previous: previous)
        if let answered = turn.answered { return (answered, .answeredElsewhere) }
        defer { withExtendedLifetime(turn.lock) {} }
        let descriptor = endpoint.descriptor
        var validators: [String: String] = [:]
        if let etag = previous?.etag { validators["If-None-Match"] = etag }
        if let modified = previous?.lastModified { validators["If-Modified-Since"] = modified }
        let live = self.live
        let response = try await asking.around(descriptor.provider) {
            try await inFlight.run(descriptor.identity) { [validators] in try await live.send(descriptor, extraHeaders: validators) }
        }
        return try answers.keep(response, to: endpoint, previous: previous)
    }

    /// A glance's stale answer is shown at once; behind it the detached refresher — the same
    /// command line, run as an ordinary command — is started once a run, unless another process
    /// holds the resource's lock (it is fetching it already).
    func startRefresher(for descriptor: RequestDescriptor) {
        guard !ResourceLock.isHeld(folder: configuration.paths.state, key: descriptor.identity, provider: descriptor.provider),
            refresherStarted.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        else { return }
        console.debug("glance: showing the stale \(descriptor.what); refreshing it in the background")
        GlanceRefresher.start()
    }
}
