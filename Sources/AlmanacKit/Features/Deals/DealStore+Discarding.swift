import Foundation

/// Giving memory back off the drawing thread (docs/architecture.md §5).
extension DealStore {
    /// Lets a replaced view go on a thread of its own: giving back a view of millions of rows
    /// unmaps tens of MB, which would otherwise land in one frame (measured: 10–18 ms at 10M).
    /// It is kept until the owner's next `step` (`releaseDiscarded`): by then the owner holds
    /// no reference to it, so the freeing thread holds the last one — freed right away, the
    /// thread could let go first and the owner's own reference would free it in the frame.
    func discard(_ view: SortedBlocks?) {
        guard let view, view.count > 100_000 else { return }
        discarded.append(view)
    }

    /// Lets a superseded filter job's arrays (reserved for every row, partly filled) go on a
    /// thread of their own; the job keeps empty ones, so whoever drops it last frees nothing big.
    func discard(_ job: FilterJob?) {
        guard let job, job.end > 100_000 else { return }
        discarded += [job.rows, job.keys, job.ties, job.bits ?? [], job.firstIDs] as [Any]
        (job.rows, job.keys, job.ties, job.bits, job.firstIDs) = ([], [], [], nil, [])
        if let view = job.sorted?.view.withLock({ $0.take() }) { discarded.append(view) }
    }

    /// Hands everything discarded since the last call to a thread that frees it. The array is
    /// swapped into the thread's box, so no reference stays behind on the owner.
    func releaseDiscarded() {
        guard !discarded.isEmpty else { return }
        let box = Discarded()
        swap(&box.values, &discarded)
        Self.frees.begin()
        BackgroundThread.start(lowPriority: false) {
            box.release()
            Self.frees.end()
        }
    }

    /// Held by a background re-sort and a filter's sorting thread for as long as they run, so
    /// their copies and new views never take memory at the same time (the soak's peak reached
    /// 1,028–1,126 MB with both at once, limit 1,013). The owner never takes it: a filter
    /// sorted on the owner's thread (`applyFilter`) does not wait.
    static let heavyJobs = NSLock()

    /// Frees still running. A job about to take a lot of memory (a re-sort's copy, a filter's
    /// new view) waits for them first (`FreesInFlight.wait`), so the memory of what it replaces
    /// is back before it takes more: overlapping them raised the soak's peak by 100–200 MB.
    static let frees = FreesInFlight()

    /// Counts frees under way and lets a thread wait until there are none.
    final class FreesInFlight: @unchecked Sendable {
        // @unchecked: `running` is only touched under `condition`.
        private let condition = NSCondition()
        private var running = 0

        func begin() { condition.withLock { running += 1 } }

        func end() {
            condition.withLock {
                running -= 1
                condition.broadcast()
            }
        }

        /// Waits until no free runs, or `timeout` seconds (0.25 s by default) have passed.
        func wait(timeout: TimeInterval = 0.25) {
            let limit = Date(timeIntervalSinceNow: timeout)
            condition.withLock {
                while running > 0, condition.wait(until: limit) {}
            }
        }
    }

    /// Carries values to the thread that frees them; only that thread touches them once it starts.
    private final class Discarded: @unchecked Sendable {
        var values: [Any] = []
        func release() { values = [] }
    }
}
