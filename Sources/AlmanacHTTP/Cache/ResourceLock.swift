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
    /// wait is the kernel's — a blocking `flock` in a `Job` on `JobPool.normal`, nothing polls —
    /// and a caller that gives up (the deadline, its task cancelled) leaves that job to release
    /// the lock the moment it gets it (`Claim`).
    /// - Throws: `CancellationError` when the caller's task is cancelled while waiting.
    package static func wait(folder: URL, key: String, provider: Provider, until deadline: Date) async throws -> ResourceLock? {
        guard let descriptor = open(folder: folder, key: key, provider: provider) else { return nil }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return ResourceLock(descriptor: descriptor) }
        let claim = Claim()
        let job = Job<Bool>.start(on: .normal) {
            let taken = flock(descriptor, LOCK_EX) == 0 && claim.handOver()
            if !taken { close(descriptor) }  // no lock, or nobody wants it any more: let it go at once
            return taken
        }
        let taken = await job.result(until: deadline) ?? !claim.abandon()  // gave up, unless handed over meanwhile
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

/// Who gets a lock taken after a wait: the caller, unless it gave up first — the first of
/// `handOver` (the job took it) and `abandon` (the caller left) decides.
private final class Claim: Sendable {
    private let state = Atomic<UInt8>(0)  // 0 open, 1 handed over, 2 abandoned

    /// From the job: true when the caller still wants the lock (it is the caller's now).
    func handOver() -> Bool { state.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged }

    /// From the caller: true when it gave up before the job took the lock.
    func abandon() -> Bool { state.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged }
}
