import AlmanacCore
import AlmanacHTTP
import Foundation

/// The pieces `liveAnswer` runs its `AnswerPlan` with.
extension DataClient {
    /// How the plan sees a stored entry at `now`.
    func storedState(_ entry: CacheEntry, now: Date) -> AnswerPlan.Stored {
        if entry.isFresh(at: now, maxAge: configuration.maxAge) { return .fresh }
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
}
