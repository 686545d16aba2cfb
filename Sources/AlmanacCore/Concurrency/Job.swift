import Foundation
import Synchronization

/// Work run by a `JobPool` whose value its owner picks up (docs/architecture.md §5): a re-sort's
/// view, a filter's sorted rows, a summary, an export, a wait for another process's lock. The
/// owner awaits it (`result`, which gives up at a deadline or when its task is cancelled, the
/// work going on), takes it in a frame (`take()`), or blocks a thread on it (`wait()`: a browser
/// quitting during an export). `wake`, when given, is always called on the worker as the value
/// lands. `cancel()` asks the work to stop; work that can stop early reads `isCancelled`.
package final class Job<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var ended = false
        /// Awaiting callers, by number; a number given up before it waited is in `gone`.
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var gone: Set<Int> = []
        var next = 0
    }

    private let state = Mutex(State())
    /// Where a thread blocked in `wait()` sleeps.
    private let sleeper = WaitableLock(())
    private let cancelled = Atomic(false)

    private init() {}

    /// Runs `work` on `pool` (the background pool by default) and returns its job at once.
    package static func start(
        on pool: JobPool = .background, wake: (@Sendable () -> Void)? = nil, _ work: @escaping @Sendable () -> Value
    ) -> Job<Value> {
        let job = Job()
        pool.run {
            job.finish(work())
            wake?()
        }
        return job
    }

    /// A job already done with `value`, for work its owner did in place.
    package static func completed(_ value: Value) -> Job<Value> {
        let job = Job()
        job.finish(value)
        return job
    }

    /// Whether the work has ended (its value may have been taken since).
    package var done: Bool { state.withLock { $0.ended } }

    /// The value, without taking it; nil while the work runs or once taken.
    package var value: Value? { state.withLock { $0.value } }

    /// The value, taken: later calls return nil.
    package func take() -> Value? {
        state.withLock { state in
            defer { state.value = nil }
            return state.value
        }
    }

    /// Asks the work to stop early; it may not (then it ends as usual).
    package func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Whether `cancel()` was called.
    package var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Blocks the calling thread until the work has ended.
    package func wait() {
        sleeper.withLockUntilDone { _, _ in done ? .done(()) : .wait(until: nil) }
    }

    /// The value once the work has ended (not taken); nil when `deadline` passes first or the
    /// calling task is cancelled — the work goes on, and its value stays for whoever takes it.
    package func result(until deadline: Date? = nil) async -> Value? {
        let number = state.withLock { state in
            defer { state.next += 1 }
            return state.next
        }
        let timer = deadline.map { deadline in
            Task { [self] in
                try? await Task.sleep(nanoseconds: UInt64(max(0, deadline.timeIntervalSinceNow) * 1e9))
                release(number)
            }
        }
        defer {
            timer?.cancel()
            state.withLock { _ = $0.gone.remove(number) }
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if state.ended || state.gone.remove(number) != nil { return true }
                    state.waiters[number] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            release(number)
        }
        return state.withLock { $0.ended ? $0.value : nil }
    }

    /// Resumes waiter `number` (a deadline, a cancellation), or marks it gone before it waits.
    private func release(_ number: Int) {
        let continuation = state.withLock { state in
            guard let continuation = state.waiters.removeValue(forKey: number) else {
                state.gone.insert(number)
                return nil as CheckedContinuation<Void, Never>?
            }
            return continuation
        }
        continuation?.resume()
    }

    private func finish(_ value: Value) {
        let waiters = state.withLock { state in
            state.value = value
            state.ended = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
        sleeper.withLock { _ in sleeper.broadcast() }
    }
}
