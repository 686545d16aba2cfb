import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import DealTable
import Foundation
import Synchronization

/// Where batches from the deal server (on its own thread) wait until the store's owner takes
/// them, once per frame. Safe to call from any thread.
///
/// Back-pressure: when `limit` deals are waiting, `put` blocks the producing thread until the
/// owner takes some, so a source faster than the merges never grows memory and never loses a
/// deal (a stalled producer simply sends later).
///
/// The owner never waits for a producer (docs/architecture.md §5): a producer runs at low
/// priority and can be taken off its core while it holds the lock, which left a frame waiting
/// 4 ms in the soak. So a frame takes batches only when the lock is free (`take(wait: false)`),
/// reads the counts from atomics, and hands the batches it merged back to be freed on the
/// producer's thread (`recycle`).
// @unchecked: the queue is shared by the feeding thread and the frame loop, always under the
// `WaitableLock`, which also makes a full inbox wait (back-pressure); a Mutex cannot wait.
package final class DealInbox: @unchecked Sendable {
    private let lock = WaitableLock()
    private var pending: [[Deal]] = []
    private var waiting = 0
    /// Deals put so far; written under `lock`, read without it.
    private let received = Atomic(0)
    /// Most deals held before `put` waits; 64k by default.
    package let limit: Int
    /// Times a producer had to wait (for the benchmark and tests).
    private var stalls = 0
    private let finished = Atomic(false)
    private let skipped = Atomic(0)
    /// Why the source failed; its own lock, so reading it never waits for a producer.
    private let failureReason = Mutex<String?>(nil)
    /// Where the deals came from when it is not the source asked for (`note(label:)`).
    private let sourceLabel = Mutex<String?>(nil)
    /// Batches the owner has merged, freed by the next `put` on the producer's thread.
    private var merged: [[Deal]] = []
    /// Told of every batch and of the end, for a consumer that awaits them (`arrivals()`).
    private var listener: AsyncStream<Void>.Continuation?

    /// Told of every batch and of the end (the frame loop's wake); its own lock, so calling it
    /// never holds the inbox's. The closure sits in a struct: a closure stored as a `Mutex`'s
    /// value is re-wrapped in two conversion thunks by every `withLock { $0 }` (the inout access
    /// converts it to the generic form and back), so each batch made the hook one call longer —
    /// ingest slowed from 400k to 150k deals a second over 6M deals, and releasing the chain of
    /// 157k thunks at the end overflowed the stack (docs/architecture.md §5).
    private let arrivalHook = Mutex<ArrivalHook?>(nil)

    private struct ArrivalHook {
        let wake: @Sendable () -> Void
    }

    /// Calls `wake` after every batch put and at the end, on the producer's thread.
    package func onArrival(_ wake: @escaping @Sendable () -> Void) {
        arrivalHook.withLock { $0 = ArrivalHook(wake: wake) }
    }

    /// An inbox holding at most `limit` deals before producers wait.
    package init(limit: Int = 65_536) {
        self.limit = limit
    }

    /// Adds a batch; waits first while the inbox is full.
    package func put(_ batch: [Deal]) {
        var done: [[Deal]] = []  // the merged batches: freed here, on the producer's thread
        lock.lock()
        defer {
            lock.unlock()
            done = []
            arrivalHook.withLock { $0 }?.wake()
        }
        swap(&done, &merged)
        if waiting >= limit { stalls += 1 }
        while waiting >= limit, !closed { lock.wait() }
        pending.append(batch)
        waiting += batch.count
        received.add(batch.count, ordering: .releasing)
        listener?.yield()
    }

    /// A signal per batch put and at the end (then the sequence ends): a consumer awaits it
    /// instead of polling. One listener at a time; a new call replaces the previous one. The
    /// first signal comes at once, for what is already waiting.
    package func arrivals() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        lock.withLock {
            listener?.finish()
            listener = continuation
            continuation.yield()
            if finished.load(ordering: .acquiring) { continuation.finish() }
        }
        return stream
    }

    private var closed = false
    private var stoppers: [@Sendable () -> Void] = []

    /// Stops the producers for good (the owner is leaving): waiting ones are released, each
    /// producer's stopper runs once, and a producer that checks `isClosed` ends at its next
    /// chunk. Batches put after this are still kept.
    package func close() {
        let run = lock.withLock {
            closed = true
            lock.broadcast()
            defer { stoppers = [] }
            return stoppers
        }
        for stop in run { stop() }
    }

    /// True once `close()` was called: a producer stops reading.
    package var isClosed: Bool { lock.withLock { closed } }

    /// Runs `stop` when the inbox is closed (at once when it already is).
    package func onClose(_ stop: @escaping @Sendable () -> Void) {
        let now = lock.withLock {
            if !closed { stoppers.append(stop) }
            return closed
        }
        if now { stop() }
    }

    /// Times a producer had to wait for room.
    package var producerStalls: Int { lock.withLock { stalls } }

    /// The source is exhausted; `skipped` lines could not be read.
    package func finish(skipped: Int = 0) {
        var done: [[Deal]] = []  // merged batches no later `put` will free
        defer { done = [] }
        lock.withLock {
            swap(&done, &merged)
            self.skipped.add(skipped, ordering: .relaxed)
            finished.store(true, ordering: .releasing)
            listener?.yield()
            listener?.finish()
        }
        arrivalHook.withLock { $0 }?.wake()
    }

    /// The source failed (cannot open, HTTP error, connection lost).
    package func note(failure: String) {
        failureReason.withLock { $0 = failure }
    }

    /// The source recovered from what `note(failure:)` said (a live tape reconnected).
    package func clearFailure() {
        failureReason.withLock { $0 = nil }
    }

    /// Why the source ended early; nil when it did not.
    package var failure: String? { failureReason.withLock { $0 } }

    /// The deals come from elsewhere than the source asked for: "Kraken unreachable; showing
    /// its recorded trades of 2026-11-20."
    package func note(label: String) { sourceLabel.withLock { $0 = label } }

    /// What `note(label:)` said; nil when the deals are the source's own.
    package var label: String? { sourceLabel.withLock { $0 } }

    /// Takes back batches the owner has merged, so that the producer's next `put` frees them on
    /// its own thread, to the allocator's arena they came from: freed by the drawing thread,
    /// they waited for that arena's lock whenever a producer at nice 10 was taken off its core
    /// holding it (a trace of the soak caught it under `DealFeed.pump`). False, and nothing is
    /// taken, when a producer holds the inbox's lock just then or the source has ended: the
    /// owner frees them itself.
    package func recycle(_ batches: [[Deal]]) -> Bool {
        guard lock.try() else { return false }
        defer { lock.unlock() }
        guard !finished.load(ordering: .acquiring) else { return false }  // under the lock: `finish` empties `merged`
        merged += batches
        return true
    }

    /// Waiting batches in arrival order, whole batches up to about `limit` deals (all by default).
    /// With `wait` false, none when a producer holds the lock just then (a frame takes them
    /// next time rather than wait for it).
    package func take(limit: Int = .max, wait: Bool = true) -> [[Deal]] {
        if wait { lock.lock() } else if !lock.try() { return [] }
        defer { lock.unlock() }
        var taken = 0
        var count = 0
        while count < pending.count, taken < limit {
            taken += pending[count].count
            count += 1
        }
        let batches = Array(pending.prefix(count))
        pending.removeFirst(count)
        waiting -= taken
        lock.broadcast()
        return batches
    }

    /// Deals received so far, whether the source has ended, and lines that could not be read;
    /// never waits for a producer. Once `finished` reads true, `received` is the final count.
    package var status: (received: Int, finished: Bool, skipped: Int) {
        let ended = finished.load(ordering: .acquiring)
        return (received.load(ordering: .acquiring), ended, skipped.load(ordering: .relaxed))
    }
}
