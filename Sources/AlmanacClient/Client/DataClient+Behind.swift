import AlmanacCore
import AlmanacHTTP
import Foundation

extension DataClient {
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
