import AlmanacCore
import Foundation

/// Threads for blocking work (curl transfers). An idle thread takes the next job; when none is
/// idle a new one starts, up to `limit` threads (32 by default) — past that, jobs wait their
/// turn in arrival order. A thread idle for `idleTimeout` seconds (30) ends, so a burst of
/// concurrent transfers does not leave its threads behind for the life of the process.
// @unchecked: worker threads wait on the `NSCondition` that guards the job queue; a Mutex cannot wait.
final class BlockingPool: @unchecked Sendable {
    static let shared = BlockingPool()

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    /// Index of the next job in `jobs` (a queue without moving the array on every take).
    private var head = 0
    private var idle = 0
    private var threads = 0
    let limit: Int
    let idleTimeout: TimeInterval

    init(limit: Int = 32, idleTimeout: TimeInterval = 30) {
        self.limit = max(1, limit)
        self.idleTimeout = idleTimeout
    }

    /// Threads alive now (for tests).
    var threadCount: Int { condition.withLock { threads } }

    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        let waiting = jobs.count - head
        let spawn = idle < waiting && threads < limit
        if spawn { threads += 1 } else { condition.signal() }
        condition.unlock()
        if spawn { Thread.detachNewThread { [self] in work() } }
    }

    private func work() {
        condition.lock()
        while true {
            while head == jobs.count {
                idle += 1
                let signalled = condition.wait(until: Date().addingTimeInterval(idleTimeout))
                idle -= 1
                if !signalled, head == jobs.count {
                    threads -= 1
                    condition.unlock()
                    return
                }
            }
            let job = jobs[head]
            head += 1
            if head > 64, head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job()
            condition.lock()
        }
    }
}
