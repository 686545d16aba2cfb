import Foundation

/// The one way work leaves its caller (docs/architecture.md §5): worker threads that run jobs,
/// in two pools — `normal` (curl transfers, a wait for another process's lock, frees, the page
/// faulter, the warm-up) and `background`, whose threads run at nice 10 (the deal producers,
/// re-sorts, filter sorts, summaries, exports: work that must never take the processor from the
/// thread that draws — Linux keeps a nice value per thread, and a thread cannot raise its own
/// priority back, so the two never share a thread). An idle thread takes the next job; with
/// none idle a new one starts, up to `limit` (32) — past that, jobs wait their turn in arrival
/// order. A thread idle for `idleTimeout` seconds (30) ends. `Job` is a job with a value.
// @unchecked: the queue and the counts are touched only under `lock`, on which idle workers sleep.
package final class JobPool: @unchecked Sendable {
    /// Threads at the usual priority.
    package static let normal = JobPool()
    /// Threads at nice `backgroundNiceness`.
    package static let background = JobPool(niceness: backgroundNiceness)
    /// The nice value of the background pool's threads: 10 (a tenth of a default thread's weight).
    package static let backgroundNiceness: Int32 = 10

    private let lock = WaitableLock()
    private var jobs: [@Sendable () -> Void] = []
    /// Index of the next job in `jobs` (a queue without moving the array on every take).
    private var head = 0
    private var idle = 0
    private var threads = 0
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
    var threadCount: Int { lock.withLock { threads } }

    /// Runs `job` on one of the pool's threads; returns at once.
    package func run(_ job: @escaping @Sendable () -> Void) {
        lock.lock()
        jobs.append(job)
        let waiting = jobs.count - head
        let spawn = idle < waiting && threads < limit
        if spawn { threads += 1 } else { lock.signal() }
        lock.unlock()
        // The only thread start besides the key reader and the Ctrl+C watcher (`make lint`).
        if spawn { Thread.detachNewThread { [self] in work() } }
    }

    private func work() {
        if niceness > 0 { OSTuning.lowerThreadPriority(by: niceness) }  // best effort
        lock.lock()
        while true {
            while head == jobs.count {
                idle += 1
                let signalled = lock.wait(until: Date().addingTimeInterval(idleTimeout))
                idle -= 1
                if !signalled, head == jobs.count {
                    threads -= 1
                    lock.unlock()
                    return
                }
            }
            let job = jobs[head]
            head += 1
            if head > 64, head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            lock.unlock()
            job()
            lock.lock()
        }
    }
}
