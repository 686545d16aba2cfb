import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A lock with a condition to wait on, like `NSCondition`, that can also be tried without
/// waiting (`NSCondition` cannot): the deal inbox's producers wait on it for room, and the
/// thread that draws only ever tries it (docs/architecture.md §5).
package final class WaitableLock: @unchecked Sendable {
    // @unchecked: the mutex and condition are the synchronisation; they live at fixed addresses.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    /// Takes the lock if no thread holds it; false at once otherwise.
    package func `try`() -> Bool { pthread_mutex_trylock(mutex) == 0 }

    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock until `broadcast` (or a spurious wake-up), then holds it again.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Releases the lock until `broadcast`, a spurious wake-up or `deadline`, then holds it
    /// again; false when the deadline passed.
    package func wait(until deadline: Date) -> Bool {
        let seconds = deadline.timeIntervalSince1970
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        return pthread_cond_timedwait(condition, mutex, &time) == 0
    }

    /// Wakes every thread in `wait`; call it holding the lock.
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// Wakes one thread in `wait`; call it holding the lock.
    package func signal() { pthread_cond_signal(condition) }

    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
