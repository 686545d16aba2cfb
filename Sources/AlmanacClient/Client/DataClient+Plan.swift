import AlmanacCore
import AlmanacHTTP
import Foundation

/// The pieces `liveAnswer` runs its `AnswerPlan` with.
extension DataClient {
    /// How the plan sees a stored entry at `now`.
    func storedState(_ entry: CacheEntry, now: Date) -> AnswerPlan.Stored {
        if entry.isFresh(at: now, maxAge: configuration.maxAge) { return .fresh }
        // `must-revalidate`: neither shown at once nor refreshed behind (RFC 9111 §5.2.2.2).
        if entry.mustRevalidate { return .stale(withinWindow: false, glanceMayShow: false) }
        return .stale(
            withinWindow: entry.withinStaleWhileRevalidate(at: now, maxAge: configuration.maxAge),
            glanceMayShow: entry.mayShowWhileRevalidating(at: now, maxAge: configuration.maxAge))
    }

    /// The policy's ticket to send; nil when it says to keep the stored answer instead.
    func admitted(_ descriptor: RequestDescriptor, cachedAt: Date?) async throws -> SendTicket? {
        guard let policy else { return .free }
        switch try await policy.admit(descriptor, cachedAt: cachedAt) {
        case .send(let granted): return granted
        case .serveCached: return nil
        }
    }

    /// Asks with nothing stored to fall back on (or `--refresh`): failing that, the sample data.
    func ask<R>(_ endpoint: Endpoint<R>, ticket: SendTicket) async throws -> Fetched<R> {
        do {
            return try await send(endpoint, previous: nil, ticket: ticket)
        } catch {
            if let sample = await unreachableFallback(endpoint, error: error) { return sample }
            throw error
        }
    }

    /// A stale answer the server said `must-revalidate` for (RFC 9111 §5.2.2.2): asked about with
    /// its validators and never shown stale — on a failure the sample data (a keyless provider),
    /// else an error that says why the stored answer is not shown.
    func revalidateStrictly<R>(_ endpoint: Endpoint<R>, cached: CacheEntry) async throws -> Fetched<R> {
        let descriptor = endpoint.descriptor
        do {
            // With no stored answer to keep, the policy waits for a credit or throws; it never keeps one.
            let ticket = try await admitted(descriptor, cachedAt: nil) ?? .free
            return try await send(endpoint, previous: cached, ticket: ticket)
        } catch let cancelled as CancellationError {
            throw cancelled
        } catch {
            if let sample = await unreachableFallback(endpoint, error: error) { return sample }
            throw StaleRefused(what: descriptor.what, reason: error)
        }
    }
}
