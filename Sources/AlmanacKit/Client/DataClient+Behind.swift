import AlmanacCore
import AlmanacHTTP
import Foundation

extension DataClient {
    /// A stale answer shown without waiting: a glance's (refreshed by the detached refresher), or
    /// any command's within the server's `stale-while-revalidate` window (refreshed behind it);
    /// nil when the answer must be revalidated first.
    func shownAtOnce<R>(_ endpoint: Endpoint<R>, cached: CacheEntry, stale: Fetched<R>, now: Date) async throws -> Fetched<R>? {
        if configuration.glance, cached.mayShowWhileRevalidating(at: now, maxAge: configuration.maxAge) {
            return try await glanceAnswer(endpoint, cached: cached, stale: stale)
        }
        guard cached.withinStaleWhileRevalidate(at: now, maxAge: configuration.maxAge) else { return nil }
        refreshBehind(endpoint, cached: cached)
        return stale
    }

    /// Within the server's `stale-while-revalidate` window (every command, not only glances): the
    /// stale answer is returned at once and this refresh runs behind it, under the same policy;
    /// `finishRefreshesBehind` waits for it before the process ends.
    func refreshBehind<R>(_ endpoint: Endpoint<R>, cached: CacheEntry) {
        console.debug("showing the stale \(endpoint.descriptor.what) within its stale-while-revalidate window; refreshing it behind")
        let task = Task {
            var ticket = SendTicket.free
            if let policy {
                guard case .send(let granted)? = try? await policy.admit(endpoint.descriptor, cachedAt: cached.fetchedAt) else { return }
                ticket = granted
            }
            _ = try? await send(endpoint, previous: cached, ticket: ticket)
        }
        behind.withLock { $0.append(task) }
    }

    /// Waits for the refreshes started behind stale answers (each bounded by the run's timeout).
    package func finishRefreshesBehind() async {
        let tasks = behind.withLock { tasks in
            defer { tasks.removeAll() }
            return tasks
        }
        for task in tasks { await task.value }
    }
}
