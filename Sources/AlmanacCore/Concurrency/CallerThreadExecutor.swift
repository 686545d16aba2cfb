import Foundation
import Synchronization

/// Runs one task, and every job it prefers to run here, on the thread that calls `run(_:)`.
///
/// A command that awaits in the usual way hops from the main thread to the concurrency runtime's
/// thread pool: the runtime starts worker threads and the dispatch manager, each hop wakes a
/// thread, and the process ends on yet another thread — about a fifth of a short command's whole
/// run. With this executor preferred, nonisolated async code, `async let` and task groups run
/// here, one job at a time in arrival order, and no pool thread starts. Work that truly needs its
/// own thread still gets one: `Task.detached` (the app's loads, Kraken's tape) and the `JobPool`
/// (curl transfers, lock waits) resume their awaiting jobs here through the queue.
///
/// Contract: a job run here must not block waiting for another job of the same executor (such a
/// wait never ends); blocking on I/O, a lock or another thread is fine.
package final class CallerThreadExecutor: TaskExecutor, Sendable {
    /// The jobs to run and whether the task has finished; the serving thread sleeps on the lock.
    private struct Queue {
        var jobs: [UnownedJob] = []
        var finished = false
        /// The task `run(_:)` started, for `cancel()`.
        var task: Task<Void, Never>?
    }

    private let queue = WaitableLock(Queue())

    package init() {}

    /// The executor the current task's command runs on (inherited by its child and unstructured
    /// tasks, not by detached ones): what a task started on its behalf prefers, so it stays on
    /// the command's thread (`InFlight`). Nil outside `run(_:)`.
    @TaskLocal package static var current: CallerThreadExecutor?

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
        queue.signal()
    }

    /// Runs `operation` as a task preferring this executor and serves its jobs on the calling
    /// thread until it ends; rethrows what it threw. Call once per executor.
    package func run(_ operation: sending @escaping () async throws -> Void) throws {
        let outcome = Outcome()
        let task = Task(executorPreference: self) {
            do { try await Self.$current.withValue(self) { try await operation() } } catch { outcome.error = error }
            self.finish()
        }
        queue.withLock { $0.task = task }
        serve()
        if let error = outcome.error { throw error }
    }

    /// Cancels the task `run(_:)` runs (from any thread): Ctrl+C in a command (`Interrupt`).
    package func cancel() {
        queue.withLock { $0.task }?.cancel()
    }

    private func finish() {
        queue.withLock { $0.finished = true }
        queue.signal()
    }

    /// Takes every queued job at once and runs them in order, until the task has finished.
    private func serve() {
        var batch: [UnownedJob] = []
        while true {
            let more = queue.withLockUntilDone { queue, _ in
                if queue.jobs.isEmpty { return queue.finished ? .done(false) : .wait(until: nil) }
                swap(&batch, &queue.jobs)
                return .done(true)
            }
            guard more else { return }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}

/// The error the task ended with, written by the task before it signals the end and read by the
/// serving thread after it.
private final class Outcome: Sendable {
    private let thrown = Mutex<(any Error)?>(nil)

    var error: (any Error)? {
        get { thrown.withLock { $0 } }
        set { thrown.withLock { $0 = newValue } }
    }
}
