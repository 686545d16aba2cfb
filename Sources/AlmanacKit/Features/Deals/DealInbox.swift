import Foundation

/// Where batches from the deal server (on its own thread) wait until the store's owner takes
/// them, once per frame. Safe to call from any thread.
public final class DealInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [[Deal]] = []
    private var received = 0
    private var finished = false
    private var skipped = 0
    private var failureReason: String?

    public init() {}

    public func put(_ batch: [Deal]) {
        lock.withLock {
            pending.append(batch)
            received += batch.count
        }
    }

    /// The source is exhausted; `skipped` lines could not be read.
    public func finish(skipped: Int = 0) {
        lock.withLock {
            finished = true
            self.skipped += skipped
        }
    }

    /// The source failed (cannot open, HTTP error, connection lost).
    public func note(failure: String) {
        lock.withLock { failureReason = failure }
    }

    public var failure: String? { lock.withLock { failureReason } }

    /// Waiting batches in arrival order, whole batches up to about `limit` deals (all by default).
    public func take(limit: Int = .max) -> [[Deal]] {
        lock.withLock {
            var taken = 0
            var count = 0
            while count < pending.count, taken < limit {
                taken += pending[count].count
                count += 1
            }
            defer { pending.removeFirst(count) }
            return Array(pending.prefix(count))
        }
    }

    public var status: (received: Int, finished: Bool, skipped: Int) {
        lock.withLock { (received, finished, skipped) }
    }
}
