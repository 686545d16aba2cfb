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
        guard let job else { return }
        discard(job.sorted)
        guard job.end > 100_000 else { return }
        discarded.rows.append(job.rows)
        discarded.words += [job.keys, job.bits ?? []]
        discarded.ties += [job.ties, job.firstIDs]
        (job.rows, job.keys, job.ties, job.bits, job.firstIDs) = ([], [], [], nil, [])
    }

    /// Lets a sort's view go that nobody wants: at once when it has landed, else as it lands
    /// (`releaseDiscarded` looks after each wake), so it is freed off the frame like the rest
    /// and never by the sorting thread that made it.
    func discard(_ sorting: Job<SortedBlocks>?) {
        guard let sorting else { return }
        if let view = sorting.take() {
            discard(view)
        } else if !sorting.done {
            discarded.landing.append(sorting)
        }
    }

    /// Hands everything discarded since the last call to a thread that frees it. The array is
    /// swapped into the thread's box, so no reference stays behind on the owner.
    package func releaseDiscarded() {
        if !discarded.landing.isEmpty {
            let landed = discarded.landing.filter(\.done)
            discarded.landing.removeAll(where: \.done)
            for job in landed { discard(job.take()) }
        }
        guard !discarded.isEmpty else { return }
        let box = Discarded()
        var handed = Discards()
        swap(&handed, &discarded)
        swap(&handed.landing, &discarded.landing)
        box.values.withLock { swap(&$0, &handed) }  // `handed` keeps nothing
        memory.free { box.release() }
    }

    /// What the owner lets go of, by type.
    struct Discards {
        var views: [SortedBlocks] = []
        var rows: [[UInt32]] = []
        var words: [[UInt64]] = []
        var ties: [[Int64]] = []
        /// Sorts still running whose views nobody wants; kept on the owner until they land.
        var landing: [Job<SortedBlocks>] = []

        /// Nothing to hand over (`landing` stays with the owner).
        var isEmpty: Bool { views.isEmpty && rows.isEmpty && words.isEmpty && ties.isEmpty }
    }

    /// Carries values to the thread that frees them; only that thread touches them once it starts.
    private final class Discarded: Sendable {
        let values = Mutex(Discards())

        /// Frees what it carries, on the thread it was handed to.
        func release() { values.withLock { $0 = Discards() } }
    }
}
