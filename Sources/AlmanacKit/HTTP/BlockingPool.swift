import Foundation

/// Threads for blocking work (curl transfers). An idle thread takes the next job; when none is
/// idle a new one starts, so N concurrent transfers run on N threads at once. Threads stay
/// for reuse, which is cheaper than a new thread per request.
final class BlockingPool: @unchecked Sendable {
    static let shared = BlockingPool()

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var idle = 0

    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        let spawn = idle < jobs.count
        if !spawn { condition.signal() }
        condition.unlock()
        if spawn { Thread.detachNewThread { [self] in work() } }
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty {
                idle += 1
                condition.wait()
                idle -= 1
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
