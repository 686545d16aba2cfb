import AlmanacCore
import Foundation

#if canImport(Glibc)
    import Glibc
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
    /// the lock file cannot be made: then nothing is shared, and the caller goes on alone).
    /// - Throws: `CancellationError` when the caller's task is cancelled while waiting.
    package static func wait(folder: URL, key: String, provider: Provider, until deadline: Date) async throws -> ResourceLock? {
        guard let descriptor = open(folder: folder, key: key, provider: provider) else { return nil }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard Date() < deadline else {
                close(descriptor)
                return nil
            }
            do { try await Task.sleep(nanoseconds: 10_000_000) } catch {
                close(descriptor)
                throw error
            }
        }
        return ResourceLock(descriptor: descriptor)
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
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        return descriptor >= 0 ? descriptor : nil
    }
}
