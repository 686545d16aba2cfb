import AlmanacCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock per cached resource, shared by every almanac process of the user: `flock(2)` on a
/// file in `<state>/locks`, named like the resource's cache file (docs/architecture.md §4). The
/// process that holds it is the one sending the request; the others wait, then read its answer
/// from the cache instead of sending their own. The kernel frees it when its holder exits, even
/// on a crash, so a lock is never left behind.
package final class ResourceLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// The lock for `key`, taken at once; nil when another holder has it or the file cannot be made.
    package static func take(folder: URL, key: String, provider: Provider) -> ResourceLock? {
        guard let descriptor = open(folder: folder, key: key, provider: provider) else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return ResourceLock(descriptor: descriptor)
    }

    /// The lock for `key`, waiting for its holder until `deadline`; nil at the deadline (or when
    /// the lock file cannot be made: then nothing is shared, and the caller goes on alone). The
    /// wait is the kernel's — a blocking `flock` on a thread of its own, nothing polls — and a
    /// caller that gives up (the deadline, its task cancelled) leaves that thread to release the
    /// lock the moment it gets it.
    /// - Throws: `CancellationError` when the caller's task is cancelled while waiting.
    package static func wait(folder: URL, key: String, provider: Provider, until deadline: Date) async throws -> ResourceLock? {
        guard let descriptor = open(folder: folder, key: key, provider: provider) else { return nil }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return ResourceLock(descriptor: descriptor) }
        let waiter = LockWaiter(descriptor: descriptor)
        Thread.detachNewThread { waiter.taken(flock(descriptor, LOCK_EX) == 0) }
        let timer = Task {
            try? await Task.sleep(nanoseconds: UInt64(max(0, deadline.timeIntervalSinceNow) * 1e9))
            waiter.giveUp()
        }
        defer { timer.cancel() }
        let taken = await withTaskCancellationHandler {
            await waiter.outcome()
        } onCancel: {
            waiter.giveUp()
        }
        if Task.isCancelled {
            if taken { close(descriptor) }
            throw CancellationError()
        }
        return taken ? ResourceLock(descriptor: descriptor) : nil
    }

    /// Whether another process holds the lock for `key` now.
    /// (Also true when the lock file cannot be made: then nobody can take it.)
    package static func isHeld(folder: URL, key: String, provider: Provider) -> Bool {
        take(folder: folder, key: key, provider: provider) == nil
    }

    private static func open(folder: URL, key: String, provider: Provider) -> Int32? {
        let locks = folder.appendingPathComponent("locks")
        try? FileManager.default.createDirectory(at: locks, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = locks.appendingPathComponent(JSONFileCache.fileName(for: key, provider: provider, ext: "lock")).path
        #if canImport(Glibc)
            let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #else
            let descriptor = Darwin.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #endif
        return descriptor >= 0 ? descriptor : nil
    }
}

/// One wait for a lock: the thread blocked in `flock` and the caller awaiting it meet here; the
/// first of "taken", "given up" decides, and a lock taken after the caller left is let go.
private final class LockWaiter: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Bool, Never>?)
        case done(Bool)
    }

    private let descriptor: Int32
    private let state = Mutex(State.waiting(nil))

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Whether the lock was taken; false when the caller gave up first.
    func outcome() async -> Bool {
        await withCheckedContinuation { continuation in
            let ready: Bool? = state.withLock { state in
                if case .done(let taken) = state { return taken }
                state = .waiting(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// From the waiting thread: `flock` returned.
    func taken(_ ok: Bool) {
        let (continuation, wanted): (CheckedContinuation<Bool, Never>?, Bool) = state.withLock { state in
            guard case .waiting(let continuation) = state else { return (nil, false) }  // the caller left
            state = .done(ok)
            return (continuation, true)
        }
        if !wanted || !ok { close(descriptor) }  // nobody wants it, or no lock: let it go at once
        continuation?.resume(returning: ok)
    }

    /// The deadline passed or the caller was cancelled: the wait ends without the lock.
    func giveUp() {
        let continuation: CheckedContinuation<Bool, Never>? = state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            state = .done(false)
            return continuation
        }
        continuation?.resume(returning: false)
    }
}
