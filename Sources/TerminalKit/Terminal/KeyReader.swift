import AlmanacCore
import Foundation
import Synchronization

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

/// Reads stdin on its own thread and decodes escape sequences into keys; tells `onEvent` of
/// each key and each resize (SIGWINCH), so the frame loop sleeps until something happens
/// (docs/architecture.md §5). The thread blocks in poll(2) with no timeout, but for 50 ms after
/// a lone ESC (is it the Escape key or the start of a sequence?); `stop()` wakes it through a
/// pipe.
package final class KeyReader: Sendable {
    private let keys = Mutex<[Key]>([])
    private let stopped = Atomic(false)
    /// The pipe that wakes the thread: `stop()` and the SIGWINCH handler write to it.
    private let wakeRead, wakeWrite: Int32
    private let onEvent: @Sendable () -> Void

    /// The write end the SIGWINCH handler uses (a handler can capture nothing); -1 when none.
    nonisolated(unsafe) private static var resizeFD: Int32 = -1

    /// - Parameter onEvent: called on the reader's thread after each key and each resize.
    package init(onEvent: @escaping @Sendable () -> Void = {}) {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { ends = [-1, -1] }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
        self.onEvent = onEvent
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    package func start() {
        Self.resizeFD = wakeWrite
        _ = signal(SIGWINCH) { _ in
            var byte: UInt8 = 1
            _ = write(KeyReader.resizeFD, &byte, 1)
        }
        Thread.detachNewThread { [self] in
            var pending: [UInt8] = []
            while !stopped.load(ordering: .acquiring) {
                guard readOnce(&pending) else { return }
            }
        }
    }

    /// Waits for a key, a resize or `stop()`, and handles it; false when stdin has ended.
    private func readOnce(_ pending: inout [UInt8]) -> Bool {
        var pollers = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        guard poll(&pollers, 2, pending.isEmpty ? -1 : 50) > 0 else {
            if !pending.isEmpty {
                flush(&pending)
                onEvent()
            }
            return true
        }
        if pollers[1].revents != 0 {
            var byte: UInt8 = 0
            _ = read(wakeRead, &byte, 1)
            onEvent()  // a resize (or `stop()`, which the loop then sees)
        }
        guard pollers[0].revents != 0 else { return true }
        var byte: UInt8 = 0
        guard read(STDIN_FILENO, &byte, 1) == 1 else { return false }
        pending.append(byte)
        decode(&pending)
        onEvent()
        return true
    }

    package func stop() {
        stopped.store(true, ordering: .releasing)
        signal(SIGWINCH, SIG_DFL)
        Self.resizeFD = -1
        var byte: UInt8 = 0
        _ = write(wakeWrite, &byte, 1)
    }

    /// Keys typed since the last call.
    package func take() -> [Key] {
        keys.withLock { keys in
            defer { keys.removeAll() }
            return keys
        }
    }

    private func push(_ key: Key) { keys.withLock { $0.append(key) } }

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
