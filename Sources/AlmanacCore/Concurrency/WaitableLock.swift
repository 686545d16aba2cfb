import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A lock that holds its state, like `Mutex`, with a condition a thread can sleep on until
/// another changes that state, and that can be tried without waiting (`Mutex` can neither
/// sleep nor, cheaply, be tried): the job pool's idle threads, the deal inbox's producers
/// waiting for room, the page faulter and the command's executor sleep on one, and the thread
/// that draws only ever tries one (docs/architecture.md §5).
///
/// The state is reached only inside a call that holds the lock; a thread sleeps between calls
/// of its body (`withLockUntilDone(_:)`), never inside one, so no access to the state spans a wait.
// @unchecked: the state is touched only under the pthread mutex, which with its condition lives
// at a fixed address for the lock's life — the one type that wraps them (`make lint`).
package final class WaitableLock<State>: @unchecked Sendable {
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    @usableFromInline let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    @usableFromInline let state = UnsafeMutablePointer<State>.allocate(capacity: 1)

    /// What a `withLockUntilDone(_:)` body says: done with this result, or sleep until woken or
    /// `until` (nil: no deadline) and be called again.
    package enum Step<Result> {
        case done(Result)
        case wait(until: Date?)
    }

    /// Why a `withLockUntilDone(_:)` body is called: first, after a wake (`signal`, `broadcast`, or
    /// a spurious one), or after its deadline passed.
    package enum Call: Sendable {
        case first, woken, timedOut
    }

    package init(_ initial: sending State) {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        state.initialize(to: initial)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` on the state, holding the lock.
    @inlinable
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }

    /// Runs `body` on the state if no thread holds the lock; nil at once otherwise (the thread
    /// that draws never waits for a thread that may be taken off its core holding it).
    @inlinable
    package func withLockIfAvailable<Result>(_ body: (inout State) -> Result) -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return body(&state.pointee)
    }

    /// Runs `body` holding the lock until it returns `.done`; each `.wait` releases the lock and
    /// sleeps until a wake or its deadline, then calls `body` again, holding the lock, saying why.
    @inlinable
    package func withLockUntilDone<Result>(_ body: (inout State, Call) -> Step<Result>) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        var call = Call.first
        while true {
            switch body(&state.pointee, call) {
            case .done(let result): return result
            case .wait(until: nil):
                pthread_cond_wait(condition, mutex)
                call = .woken
            case .wait(until: let deadline?):
                let seconds = deadline.timeIntervalSince1970
                var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
                call = pthread_cond_timedwait(condition, mutex, &time) == 0 ? .woken : .timedOut
            }
        }
    }

    /// Wakes every thread sleeping in `withLockUntilDone(_:)`. Call it after the change it announces
    /// (inside or after that change's `withLock`): a sleeper checks the state under the lock
    /// before it sleeps, so the wake cannot come between its check and its sleep.
    @inlinable
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// Wakes one thread sleeping in `withLockUntilDone(_:)`; as `broadcast`.
    @inlinable
    package func signal() { pthread_cond_signal(condition) }
}
