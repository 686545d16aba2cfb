import Foundation

/// The one way work leaves its caller (docs/architecture.md §5): worker threads that run jobs,
/// in two pools — `normal` (curl transfers, a wait for another process's lock, frees, the page
/// faulter, the warm-up) and `background`, whose threads run at nice 10 (the deal producers,
/// re-sorts, filter sorts, summaries, exports: work that must never take the processor from the
/// thread that draws — Linux keeps a nice value per thread, and a thread cannot raise its own
/// priority back, so the two never share a thread). An idle thread takes the next job; with
/// none idle a new one starts, up to `limit` (32) — past that, jobs wait their turn in arrival
/// order. A thread idle for `idleTimeout` seconds (30) ends. `Job` is a job with a value.
package final class JobPool: Sendable {
    /// Threads at the usual priority.
    package static let normal = JobPool()
    /// Threads at nice `backgroundNiceness`.
    package static let background = JobPool(niceness: backgroundNiceness)
    /// The nice value of the background pool's threads: 10 (a tenth of a default thread's weight).
    package static let backgroundNiceness: Int32 = 10

    /// The queue and the counts; idle workers sleep on its lock.
    private struct Queue {
        var jobs: [@Sendable () -> Void] = []
        /// Index of the next job in `jobs` (a queue without moving the array on every take).
        var head = 0
        var idle = 0
        var threads = 0

        /// The next job, if one waits.
        mutating func next() -> (@Sendable () -> Void)? {
            guard head < jobs.count else { return nil }
            let job = jobs[head]
            head += 1
            if head > 64, head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    private let queue = WaitableLock(Queue())
    let limit: Int
    let idleTimeout: TimeInterval
    /// The nice value each new thread takes first (0: the usual priority).
    let niceness: Int32

    init(limit: Int = 32, idleTimeout: TimeInterval = 30, niceness: Int32 = 0) {
        self.limit = max(1, limit)
        self.idleTimeout = idleTimeout
        self.niceness = niceness
    }

    /// Threads alive now (for tests).
    var threadCount: Int { queue.withLock { $0.threads } }

    /// Runs `job` on one of the pool's threads; returns at once.
    package func run(_ job: @escaping @Sendable () -> Void) {
        let spawn = queue.withLock { queue in
            queue.jobs.append(job)
            let spawn = queue.idle < queue.jobs.count - queue.head && queue.threads < limit
            if spawn { queue.threads += 1 } else { self.queue.signal() }
            return spawn
        }
        // The only thread start besides the key reader and the Ctrl+C watcher (`make lint`).
        if spawn { Thread.detachNewThread { [self] in work() } }
    }

    /// Runs queued jobs until none has come for `idleTimeout` seconds.
    private func work() {
        if niceness > 0 { OSTuning.lowerThreadPriority(by: niceness) }  // best effort
        while let job = nextJob() { job() }
    }

    /// The next job, sleeping while there is none; nil when none came for `idleTimeout` (the
    /// thread then ends, uncounted).
    private func nextJob() -> (@Sendable () -> Void)? {
        queue.withLockUntilDone { queue, call in
            if call != .first { queue.idle -= 1 }
            if let job = queue.next() { return .done(job) }
            if call == .timedOut {
                queue.threads -= 1
                return .done(nil)
            }
            queue.idle += 1
            return .wait(until: Date().addingTimeInterval(idleTimeout))
        }
    }
}
