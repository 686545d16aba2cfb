import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Keys the full-screen screens understand.
package enum Key: Equatable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end
    case tab, backTab, enter, escape, backspace, delete
    case character(Character)
    case interrupt
}

/// Reads stdin on its own thread and decodes escape sequences into keys.
// @unchecked: a detached thread blocks in read(2) on the terminal and appends under `lock`.
package final class KeyReader: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [Key] = []
    private var stopped = false

    package func start() {
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

    package func stop() { lock.withLock { stopped = true } }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Keys typed since the last call.
    package func take() -> [Key] {
        lock.withLock {
            defer { keys.removeAll() }
            return keys
        }
    }

    private func push(_ key: Key) { lock.withLock { keys.append(key) } }

    /// After a pause: a lone ESC is the Escape key; an unfinished sequence is dropped.
    private func flush(_ pending: inout [UInt8]) {
        if pending == [0x1B] { push(.escape) }
        pending.removeAll()
    }

    private func decode(_ pending: inout [UInt8]) {
        if let key = Self.decode(&pending) { push(key) }
    }

    /// The key at the front of `pending`, consumed; nil while a sequence is unfinished (or was
    /// unknown and dropped). UTF-8 characters arrive whole (`ü` is one key).
    package static func decode(_ pending: inout [UInt8]) -> Key? {
        guard let first = pending.first else { return nil }
        if first != 0x1B { return plain(&pending) }
        guard pending.count >= 2 else { return nil }
        guard pending[1] == UInt8(ascii: "[") || pending[1] == UInt8(ascii: "O") else {
            // ESC then a key: Alt+key, read as Escape (the key itself is dropped).
            pending.removeAll()
            return .escape
        }
        guard pending.count >= 3 else { return nil }
        let final = pending.last!
        guard (0x40...0x7E).contains(final) else { return nil }
        let body = String(decoding: pending[2...], as: UTF8.self)
        pending.removeAll()
        switch body {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "Z": return .backTab
        case "H", "1~", "7~": return .home
        case "F", "4~", "8~": return .end
        case "3~": return .delete
        case "5~": return .pageUp
        case "6~": return .pageDown
        default: return nil
        }
    }

    /// A key that is not an escape sequence: control bytes, ASCII, or one whole UTF-8 character.
    private static func plain(_ pending: inout [UInt8]) -> Key? {
        let first = pending[0]
        let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard pending.count >= length else { return nil }
        let bytes = pending.prefix(length)
        pending.removeFirst(length)
        switch first {
        case 0x03: return .interrupt
        case 0x09: return .tab
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x00..<0x20: return nil
        default:
            let text = String(decoding: bytes, as: UTF8.self)
            return text.count == 1 ? .character(text.first!) : nil
        }
    }
}
