import AlmanacCore
import AlmanacHTTP
import Foundation

extension DataClient {
    /// Inside the server's `stale-while-revalidate` window: the stale answer was returned and this
    /// refresh runs behind it — a request of the `AnswerMachine` like any other, so the
    /// provider's pause and the send policy hold for it (a held one's note says when fresh data
    /// comes); quiet on a failure. `finishRefreshesBehind` waits for it before the process ends.
    func refreshBehind<R: Sendable>(_ endpoint: Endpoint<R>, served: (entry: CacheEntry, value: R)?) {
        guard let served else { return }
        console.debug("showing the stale \(endpoint.descriptor.what) within its stale-while-revalidate window; refreshing it behind")
        let task = Task {
            var run = AnswerRun(client: self, endpoint: endpoint, onStale: nil, behind: served)
            _ = try? await run.answer()
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
