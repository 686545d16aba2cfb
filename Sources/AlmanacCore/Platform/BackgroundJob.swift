import Foundation
import Synchronization

/// A value made on a thread of its own and handed to its owner — the one shape of "a thread
/// computes, the frame picks it up" (docs/architecture.md §5): a re-sort's view, a filter's sorted
/// rows, a summary, an export. The owner checks `done` in its frame and `take()`s the value once;
/// `wait()` blocks until the job has ended (a browser quitting during an export); `wake`, when
/// given, is called on the job's thread as the value lands. An owner that no longer wants a
/// result drops the job (a superseded result is freed by whoever takes it).
package final class BackgroundJob<Value: Sendable>: Sendable {
    private let state = Mutex<(value: Value?, done: Bool)>((nil, false))
    private let ended = DispatchSemaphore(value: 0)

    private init() {}

    /// Runs `work` on a new thread (`BackgroundThread`, low priority unless `lowPriority` is
    /// false) and returns its job at once.
    package static func start(
        lowPriority: Bool = true, wake: (@Sendable () -> Void)? = nil, _ work: @escaping @Sendable () -> Value
    ) -> BackgroundJob<Value> {
        let job = BackgroundJob()
        BackgroundThread.start(lowPriority: lowPriority) {
            job.finish(work())
            wake?()
        }
        return job
    }

    /// A job already done with `value`, for work its owner did in place.
    package static func completed(_ value: Value) -> BackgroundJob<Value> {
        let job = BackgroundJob()
        job.finish(value)
        return job
    }

    /// Whether the work has ended (its value may have been taken since).
    package var done: Bool { state.withLock { $0.done } }

    /// The value, without taking it; nil while the work runs or once taken.
    package var value: Value? { state.withLock { $0.value } }

    /// The value, taken: later calls return nil.
    package func take() -> Value? {
        state.withLock { state in
            defer { state.value = nil }
            return state.value
        }
    }

    /// Blocks until the work has ended.
    package func wait() {
        ended.wait()
        ended.signal()  // for a later wait
    }

    private func finish(_ value: Value) {
        state.withLock { $0 = (value, true) }
        ended.signal()
    }
}
