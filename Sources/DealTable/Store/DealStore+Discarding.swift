import AlmanacCore
import Foundation
import Synchronization

/// Giving memory back off the drawing thread (docs/architecture.md §5).
extension DealStore {
    /// Lets a replaced view go on a thread of its own: giving back a view of millions of rows
    /// unmaps tens of MB, which would otherwise land in one frame (measured: 10–18 ms at 10M).
    /// It is kept until the owner's next `step` (`releaseDiscarded`): by then the owner holds
    /// no reference to it, so the freeing thread holds the last one — freed right away, the
    /// thread could let go first and the owner's own reference would free it in the frame.
    func discard(_ view: SortedBlocks?) {
        guard let view, view.count > 100_000 else { return }
        discarded.views.append(view)
    }

    /// Lets a superseded filter job's arrays (reserved for every row, partly filled) go on a
    /// thread of their own; the job keeps empty ones, so whoever drops it last frees nothing big.
    func discard(_ job: FilterJob?) {
        guard let job, job.end > 100_000 else { return }
        discarded.rows.append(job.rows)
        discarded.words += [job.keys, job.bits ?? []]
        discarded.ties += [job.ties, job.firstIDs]
        (job.rows, job.keys, job.ties, job.bits, job.firstIDs) = ([], [], [], nil, [])
        if let view = job.sorted?.take() { discarded.views.append(view) }
    }

    /// Hands everything discarded since the last call to a thread that frees it. The array is
    /// swapped into the thread's box, so no reference stays behind on the owner.
    package func releaseDiscarded() {
        guard !discarded.isEmpty else { return }
        let box = Discarded()
        var handed = Discards()
        swap(&handed, &discarded)
        box.values.withLock { swap(&$0, &handed) }  // `handed` keeps nothing
        memory.free { box.release() }
    }

    /// What the owner lets go of, by type.
    struct Discards {
        var views: [SortedBlocks] = []
        var rows: [[UInt32]] = []
        var words: [[UInt64]] = []
        var ties: [[Int64]] = []

        var isEmpty: Bool { views.isEmpty && rows.isEmpty && words.isEmpty && ties.isEmpty }
    }

    /// Carries values to the thread that frees them; only that thread touches them once it starts.
    private final class Discarded: Sendable {
        let values = Mutex(Discards())

        /// Frees what it carries, on the thread it was handed to.
        func release() { values.withLock { $0 = Discards() } }
    }
}
