import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import DealTable
import Foundation

/// A source, its inbox and the store, pumped once per frame by the store's owner.
package final class DealFeed {
    /// Most deals merged in one frame, so a frame stays short however fast deals arrive (the
    /// rest wait in the inbox, which holds the source back when full).
    package static let frameLimit = 4_096
    /// Most deals in a frame's first chunk. It is sized at the pace learnt in earlier frames,
    /// which may be stale (a view that just landed merges slower until its blocks split: 2.2 ms
    /// a 512-deal chunk at 10M); the later chunks of the frame go at the pace it measured.
    package static let firstChunk = 512

    /// The sorted table the feed merges into.
    package let store: DealStore
    /// Where deals come from.
    package let source: DealSource
    private let inbox = DealInbox()
    /// How long a deal takes to merge, learnt chunk by chunk.
    private var pace = ChunkPace()
    /// Deals merged by the last `pump()`.
    package private(set) var lastMerged = 0

    /// A feed into a new store sorted by `column` (date, newest first, by default).
    package init(source: DealSource, column: DealColumn = .date, descending: Bool = true) {
        self.source = source
        self.store = DealStore(column: column, descending: descending)
        if let room = source.roomToReserve { store.reserveCapacity(room) }
    }

    deinit { inbox.close() }

    /// Stops the source (whatever it is) and releases it if it waits; what arrived stays.
    package func stop() { inbox.close() }

    /// Times the source had to wait for the merges (back-pressure; no deal is dropped).
    package var producerStalls: Int { inbox.producerStalls }

    /// Starts the source on its own thread (or task); returns at once.
    package func start(transport: any HTTPTransport = CurlTransport(), options: TransportOptions = .init()) {
        source.start(into: inbox, transport: transport, options: options)
    }

    /// Merges what has arrived, in chunks of at most `chunk` deals (the first at most
    /// `firstChunk`) sized to end within `budget` seconds (1.2 ms by default) at the pace merges
    /// have been going (`ChunkPace`), or until
    /// `limit` deals are merged; returns how many. Some deals are always merged, so they never
    /// stall. What is left waits for the next frame, and a full inbox holds the source back.
    /// A frame never waits for the inbox's lock: while a producer holds it, its deals wait for
    /// the next frame. With `waiting`, the pump takes the lock whatever it costs — as `drain`
    /// must: it sleeps until the next arrival, and a pump that skipped a held lock just before
    /// the inbox filled would wait for ever for a producer waiting for room.
    @discardableResult
    package func pump(limit: Int = DealFeed.frameLimit, budget: TimeInterval = 0.0012, chunk: Int = 2_048, waiting: Bool = false) -> Int {
        lastMerged = 0
        store.releaseDiscarded()
        if store.holdsMerges { return 0 }
        pace.begin(budget: budget)
        var most = min(chunk, Self.firstChunk)
        while lastMerged < limit, let size = pace.nextChunk(limit: min(most, limit - lastMerged)) {
            most = chunk
            var merged = 0
            if store.backlog > 0 {  // rows that came during a re-sort go in first, a chunk at a time
                merged = store.catchUp(limit: size)
            } else {
                let batches = inbox.take(limit: size, wait: waiting)
                if batches.isEmpty { break }
                store.append(batches: batches)
                merged = batches.reduce(0) { $0 + $1.count }
                _ = inbox.recycle(batches)  // freed by the producer, or here when it cannot take them
            }
            lastMerged += merged
            pace.chunkDone(deals: merged)
        }
        return lastMerged
    }

    /// Merges everything the source sends until it ends, waking on each arrival (no polling);
    /// `onProgress` is told the deals received after each wake. Cancelling the task stops it.
    package func drain(budget: TimeInterval = 0.05, onProgress: (Int) -> Void = { _ in }) async throws {
        for await _ in inbox.arrivals() {
            try Task.checkCancellation()
            while pump(limit: .max, budget: budget, waiting: true) > 0 {}
            onProgress(received)
        }
        // The source has ended: what is still waiting (or held back by a re-sort) goes in now;
        // when nothing can, the sort that holds it back is awaited (its job's end), not polled.
        while !isComplete {
            try Task.checkCancellation()
            if pump(limit: .max, budget: budget, waiting: true) == 0 { await store.sortsEnded() }
        }
        onProgress(received)
    }

    /// True while a frame has deals work to do: deals waiting to be merged (in the inbox or
    /// held back by a re-sort), or a filter being built a slice a frame. A sort running off the
    /// thread is not: its job wakes the frame loop as it lands (`onArrival`).
    package var hasWork: Bool {
        store.rowCount < inbox.status.received || store.backlog > 0 || store.filterPending != nil
    }

    /// Calls `wake` (on the producer's thread) for every batch that arrives and at the end: the
    /// frame loop sleeps until then (`FrameLoop`).
    package func onArrival(_ wake: @escaping @Sendable () -> Void) {
        inbox.onArrival(wake)
        store.onJobLanded = wake  // a re-sort or a filter's sort landing
    }

    /// Deals received so far (merged or waiting).
    package var received: Int { inbox.status.received }
    /// Lines of a JSON-lines source that could not be read.
    package var skipped: Int { inbox.status.skipped }
    /// Why the source ended early, in words; nil when it did not.
    package var failure: String? { inbox.failure }
    /// Where the deals came from when it is not the source asked for; nil when it is.
    package var label: String? { inbox.label }
    /// The source has ended (run out, failed or stopped); some deals may still wait to be merged.
    package var isSourceFinished: Bool { inbox.status.finished }
    /// The source has ended and every deal it sent is merged (counted before any filter:
    /// `rowCount`, not the rows passing it).
    package var isComplete: Bool { inbox.status.finished && store.rowCount == inbox.status.received }
}
