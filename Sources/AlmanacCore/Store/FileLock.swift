import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a `.lock` file beside a document.
///
/// Held across processes; released when `withLock` returns or the process dies.
package enum FileLock {
    package static func withLock<T>(_ lockURL: URL, _ body: () throws -> T) throws -> T {
        try AtomicFile.ensureFolder(lockURL.deletingLastPathComponent())
        let fd = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileError.cannotLock(lockURL.path) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw FileError.cannotLock(lockURL.path) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
