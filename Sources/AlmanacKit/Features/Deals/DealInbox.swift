import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Where batches from the deal server (on its own thread) wait until the store's owner takes
/// them, once per frame. Safe to call from any thread.
///
/// Back-pressure: when `limit` deals are waiting, `put` blocks the producing thread until the
/// owner takes some, so a source faster than the merges never grows memory and never loses a
/// deal (a stalled producer simply sends later).
// @unchecked: the queue is shared by the feeding thread and the frame loop, always under the
// `NSCondition`, which also makes a full inbox wait (back-pressure); a Mutex cannot wait.
public final class DealInbox: @unchecked Sendable {
    private let lock = NSCondition()
    private var pending: [[Deal]] = []
    private var waiting = 0
    private var received = 0
    /// Most deals held before `put` waits; 64k by default.
    public let limit: Int
    /// Times a producer had to wait (for the benchmark and tests).
    private var stalls = 0
    private var finished = false
    private var skipped = 0
    private var failureReason: String?

    public init(limit: Int = 65_536) {
        self.limit = limit
    }

    /// Adds a batch; waits first while the inbox is full.
    public func put(_ batch: [Deal]) {
        lock.lock()
        defer { lock.unlock() }
        if waiting >= limit { stalls += 1 }
        while waiting >= limit, !closed { lock.wait() }
        pending.append(batch)
        waiting += batch.count
        received += batch.count
    }

    private var closed = false

    /// Stops waiting producers for good (the owner is leaving); later batches are still kept.
    public func close() {
        lock.withLock {
            closed = true
            lock.broadcast()
        }
    }

    public var producerStalls: Int { lock.withLock { stalls } }

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
            defer {
                pending.removeFirst(count)
                waiting -= taken
                lock.broadcast()
            }
            return Array(pending.prefix(count))
        }
    }

    public var status: (received: Int, finished: Bool, skipped: Int) {
        lock.withLock { (received, finished, skipped) }
    }
}
