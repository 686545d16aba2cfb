import AlmanacCore
import Foundation
import Synchronization

/// The memory-heavy work of one store, off the drawing thread (docs/architecture.md §5): what
/// the store lets go of is freed on threads of their own, and the big jobs — a background
/// re-sort, a filter's sorting thread — take their memory one at a time, after the frees under
/// way have given theirs back. The store owns one; nothing here is shared between stores.
final class MemoryJobs: Sendable {
    /// Held by a big job for as long as it runs: the soak's peak reached 1,028–1,126 MB with a
    /// re-sort and a filter's sort at once (limit 1,013). The owner never takes it: a filter
    /// sorted on the owner's thread (`applyFilter`) does not wait.
    private let heavy = Mutex(())
    /// Frees under way; a big job waits for them first (overlapping them raised the soak's peak
    /// by 100–200 MB).
    private let frees = FreesInFlight()

    /// Runs `release` on `JobPool.normal`, at the usual priority (freed late, old views would
    /// pile up while the cores are busy); counted until it ends.
    func free(_ release: @escaping @Sendable () -> Void) {
        frees.begin()
        JobPool.normal.run { [frees] in
            release()
            frees.end()
        }
    }

    /// Runs `build` (on the caller's thread, a background one) once no other big job runs and
    /// the frees under way have ended (or 0.25 s have passed); returns what it built.
    func heavyJob<Built: Sendable>(_ build: () -> Built) -> Built {
        if OSTuning.off.contains(.memoryJobs) { return build() }
        return heavy.withLock { _ in
            frees.wait()
            return build()
        }
    }
}

/// Counts frees under way and lets a thread wait until there are none (a thread sleeps here:
/// a condition).
final class FreesInFlight: Sendable {
    private let running = Atomic(0)
    /// Where a big job sleeps until the frees end.
    private let sleeper = WaitableLock(())

    func begin() { running.add(1, ordering: .relaxed) }

    func end() {
        running.subtract(1, ordering: .releasing)
        sleeper.withLock { _ in sleeper.broadcast() }
    }

    /// Waits until no free runs, or `timeout` seconds (0.25 s by default) have passed.
    func wait(timeout: TimeInterval = 0.25) {
        let limit = Date(timeIntervalSinceNow: timeout)
        sleeper.withLockUntilDone { _, call in
            running.load(ordering: .acquiring) > 0 && call != .timedOut ? .wait(until: limit) : .done(())
        }
    }
}
