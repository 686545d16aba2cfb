import AlmanacCore
import AlmanacHTTP
import Foundation

extension DataClient {
    /// Inside the server's `stale-while-revalidate` window: the stale answer was returned and this
    /// refresh runs behind it, when the policy grants a send (else its note says when fresh data
    /// comes); quiet on a failure. `finishRefreshesBehind` waits for it before the process ends.
    func refreshBehind<R: Sendable>(_ endpoint: Endpoint<R>, cached: CacheEntry) {
        console.debug("showing the stale \(endpoint.descriptor.what) within its stale-while-revalidate window; refreshing it behind")
        let task = Task {
            // No policy: send. A policy that could not be read: nothing sent.
            let admission: SendAdmission? = if let policy { try? policy.admit(endpoint.descriptor) } else { .send(.free) }
            switch admission {
            case .send(let ticket)?: _ = try? await send(endpoint, previous: cached, ticket: ticket)
            case .minuteSpent(let until, _)?: policy?.noteKept(endpoint.descriptor.what, fetchedAt: cached.fetchedAt, freshAt: until)
            case .daySpent(let resetsAt)?: policy?.noteKept(endpoint.descriptor.what, fetchedAt: cached.fetchedAt, freshAt: resetsAt)
            case nil: break
            }
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
