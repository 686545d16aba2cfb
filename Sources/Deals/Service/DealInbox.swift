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
package final class DealInbox: Sendable {
    /// What the producers and the owner share, under a `WaitableLock`: a full inbox's producer
    /// sleeps on it (back-pressure; a `Mutex` cannot sleep), and the owner only tries it.
    private struct Shelf {
        var pending: [[Deal]] = []
        var waiting = 0
        /// Times a producer had to wait (for the benchmark and tests).
        var stalls = 0
        /// Batches the owner has merged, freed by the next `put` on the producer's thread.
        var merged: [[Deal]] = []
        /// Told of every batch and of the end, for a consumer that awaits them (`arrivals()`).
        var listener: AsyncStream<Void>.Continuation?
        var closed = false
        var stoppers: [@Sendable () -> Void] = []
    }

    private let shelf = WaitableLock(Shelf())
    /// Deals put so far; written under `lock`, read without it.
    private let received = Atomic(0)
    /// Most deals held before `put` waits; 64k by default.
    package let limit: Int
    private let finished = Atomic(false)
    private let skipped = Atomic(0)
    /// Why the source failed; its own lock, so reading it never waits for a producer.
    private let failureReason = Mutex<String?>(nil)
    /// Where the deals came from when it is not the source asked for (`note(label:)`).
    private let sourceLabel = Mutex<String?>(nil)

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
        shelf.withLockUntilDone { shelf, call -> WaitableLock<Shelf>.Step<Void> in
            if call == .first {
                swap(&done, &shelf.merged)
                if shelf.waiting >= limit { shelf.stalls += 1 }
            }
            if shelf.waiting >= limit, !shelf.closed { return .wait(until: nil) }
            shelf.pending.append(batch)
            shelf.waiting += batch.count
            received.add(batch.count, ordering: .releasing)
            shelf.listener?.yield()
            return .done(())
        }
        done = []
        arrivalHook.withLock { $0 }?.wake()
    }

    /// A signal per batch put and at the end (then the sequence ends): a consumer awaits it
    /// instead of polling. One listener at a time; a new call replaces the previous one. The
    /// first signal comes at once, for what is already waiting.
    package func arrivals() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        shelf.withLock { shelf in
            shelf.listener?.finish()
            shelf.listener = continuation
            continuation.yield()
            if finished.load(ordering: .acquiring) { continuation.finish() }
        }
        return stream
    }

    /// Stops the producers for good (the owner is leaving): waiting ones are released, each
    /// producer's stopper runs once, and a producer that checks `isClosed` ends at its next
    /// chunk. Batches put after this are still kept.
    package func close() {
        let run = shelf.withLock { shelf in
            shelf.closed = true
            defer { shelf.stoppers = [] }
            return shelf.stoppers
        }
        shelf.broadcast()
        for stop in run { stop() }
    }

    /// True once `close()` was called: a producer stops reading.
    package var isClosed: Bool { shelf.withLock { $0.closed } }

    /// Runs `stop` when the inbox is closed (at once when it already is).
    package func onClose(_ stop: @escaping @Sendable () -> Void) {
        let now = shelf.withLock { shelf in
            if !shelf.closed { shelf.stoppers.append(stop) }
            return shelf.closed
        }
        if now { stop() }
    }

    /// Times a producer had to wait for room.
    package var producerStalls: Int { shelf.withLock { $0.stalls } }

    /// The source is exhausted; `skipped` lines could not be read.
    package func finish(skipped: Int = 0) {
        var done: [[Deal]] = []  // merged batches no later `put` will free
        defer { done = [] }
        shelf.withLock { shelf in
            swap(&done, &shelf.merged)
            self.skipped.add(skipped, ordering: .relaxed)
            finished.store(true, ordering: .releasing)
            shelf.listener?.yield()
            shelf.listener?.finish()
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
        let kept = shelf.withLockIfAvailable { shelf in
            guard !finished.load(ordering: .acquiring) else { return false }  // under the lock: `finish` empties `merged`
            shelf.merged += batches
            return true
        }
        return kept ?? false
    }

    /// Waiting batches in arrival order, whole batches up to about `limit` deals (all by default).
    /// With `wait` false, none when a producer holds the lock just then (a frame takes them
    /// next time rather than wait for it).
    package func take(limit: Int = .max, wait: Bool = true) -> [[Deal]] {
        let taking = { (shelf: inout Shelf) -> [[Deal]] in
            var taken = 0
            var count = 0
            while count < shelf.pending.count, taken < limit {
                taken += shelf.pending[count].count
                count += 1
            }
            let batches = Array(shelf.pending.prefix(count))
            shelf.pending.removeFirst(count)
            shelf.waiting -= taken
            self.shelf.broadcast()
            return batches
        }
        return wait ? shelf.withLock(taking) : shelf.withLockIfAvailable(taking) ?? []
    }

    /// Deals received so far, whether the source has ended, and lines that could not be read;
    /// never waits for a producer. Once `finished` reads true, `received` is the final count.
    package var status: (received: Int, finished: Bool, skipped: Int) {
        let ended = finished.load(ordering: .acquiring)
        return (received.load(ordering: .acquiring), ended, skipped.load(ordering: .relaxed))
    }
}
