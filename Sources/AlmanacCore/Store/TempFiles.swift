import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files being written now (`AtomicFile`), so a signal that ends the program
/// (SIGTERM, SIGHUP in the full-screen app) removes them as `q` would: a fixed table of C
/// strings that a signal handler reads with nothing but `unlink(2)` (async-signal-safe).
package enum TempFiles {
    /// At most this many files at once are cleaned up on a signal (the app writes one export).
    static let capacity = 8
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let lock = Mutex(())

    /// Notes `path` as being written; returns its slot (nil when the table is full).
    package static func register(_ path: String) -> Int? {
        lock.withLock { _ in
            guard let slot = (0..<capacity).first(where: { slots[$0] == nil }) else { return nil }
            slots[slot] = strdup(path)
            return slot
        }
    }

    /// The file in `slot` is placed or removed: forget it.
    package static func unregister(_ slot: Int?) {
        guard let slot else { return }
        lock.withLock { _ in
            let text = slots[slot]
            slots[slot] = nil
            free(text)
        }
    }

    /// From a signal handler: removes every file being written. Only reads the table and unlinks.
    package static func removeAllFromSignal() {
        for slot in 0..<capacity {
            if let path = slots[slot] { unlink(path) }
        }
    }
}
