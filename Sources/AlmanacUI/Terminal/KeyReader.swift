import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Keys the browser understands.
public enum Key: Equatable {
    case up, down, pageUp, pageDown, home, end
    case character(Character)
    case interrupt
}

/// Reads stdin on its own thread and decodes escape sequences into keys.
// @unchecked: a detached thread blocks in read(2) on the terminal and appends under `lock`.
public final class KeyReader: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [Key] = []
    private var stopped = false

    public func start() {
        Thread.detachNewThread { [self] in
            var pending: [UInt8] = []
            var byte: UInt8 = 0
            while !isStopped {
                var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 50) > 0 else {
                    if !pending.isEmpty { flush(&pending) }
                    continue
                }
                guard read(STDIN_FILENO, &byte, 1) == 1 else { return }
                pending.append(byte)
                decode(&pending)
            }
        }
    }

    public func stop() { lock.withLock { stopped = true } }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Keys typed since the last call.
    public func take() -> [Key] {
        lock.withLock {
            defer { keys.removeAll() }
            return keys
        }
    }

    private func push(_ key: Key) { lock.withLock { keys.append(key) } }

    /// A lone ESC (or an unknown sequence) after a pause is dropped.
    private func flush(_ pending: inout [UInt8]) { pending.removeAll() }

    private func decode(_ pending: inout [UInt8]) {
        guard let first = pending.first else { return }
        if first != 0x1B {
            pending.removeFirst()
            if first == 0x03 { return push(.interrupt) }
            return push(.character(Character(UnicodeScalar(first))))
        }
        guard pending.count >= 3 else { return }
        guard pending[1] == UInt8(ascii: "[") || pending[1] == UInt8(ascii: "O") else {
            pending.removeAll()
            return
        }
        let final = pending.last!
        guard (0x40...0x7E).contains(final) else { return }
        let body = String(decoding: pending[2...], as: UTF8.self)
        pending.removeAll()
        switch body {
        case "A": push(.up)
        case "B": push(.down)
        case "H", "1~", "7~": push(.home)
        case "F", "4~", "8~": push(.end)
        case "5~": push(.pageUp)
        case "6~": push(.pageDown)
        default: break
        }
    }
}
