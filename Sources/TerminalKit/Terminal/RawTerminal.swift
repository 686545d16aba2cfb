import AlmanacCore
import Foundation

#if canImport(Glibc)
    import Glibc
    /// The C library's `signal`, named apart from this file's own `signal`.
    private let posixSignal = Glibc.signal
    /// The C library's `write`, named apart from this file's own `write`.
    private let posixWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let posixSignal = Darwin.signal
    private let posixWrite = Darwin.write
#endif

/// Raw keys and the alternate screen, restored on exit, on Ctrl+C and on SIGTERM/SIGHUP.
package final class RawTerminal {
    private var original = termios()
    private var active = false

    /// A terminal not yet in raw mode (`enter` switches it).
    package init() {}

    /// Saved so a signal handler can restore the terminal.
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var savedValid = false

    /// Raw keys and the alternate screen. Throws when stdin or stdout is not a terminal, or the
    /// terminal cannot move its cursor (`term`, the wiring's `TERM`, is `dumb`); `purpose` names
    /// who asked, in that sentence.
    package func enter(term: String?, purpose: String, alternative: String) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError.notATerminal(purpose: purpose, alternative: alternative)
        }
        if term == "dumb" {
            throw TerminalError.dumbTerminal(purpose: purpose, alternative: alternative)
        }
        tcgetattr(STDIN_FILENO, &original)
        Self.saved = original
        Self.savedValid = true
        var raw = original
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST | ONLCR)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        for signal in [SIGTERM, SIGHUP, SIGINT] {
            _ = posixSignal(signal) { number in
                RawTerminal.restoreFromSignal()
                TempFiles.removeAllFromSignal()  // an export being written goes, as on q
                _exit(128 + number)
            }
        }
        Self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
        active = true
    }

    package func leave() {
        guard active else { return }
        active = false
        Self.write("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        Self.savedValid = false
    }

    /// Async-signal-safe restore: only write(2) and tcsetattr(3).
    package static func restoreFromSignal() {
        let text = "\u{1B}[?25h\u{1B}[?1049l"
        _ = text.withCString { posixWrite(STDOUT_FILENO, $0, strlen($0)) }
        if savedValid { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
    }

    package static func write(_ text: String) {
        let data = Array(text.utf8)
        let total = data.count
        var offset = 0
        while offset < total {
            let written = data.withUnsafeBytes { posixWrite(STDOUT_FILENO, $0.baseAddress! + offset, total - offset) }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Columns and rows of the terminal (80×24 when unknown).
    package static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return (80, 24)
    }
}

/// The full-screen views need a terminal that can move its cursor. Exit 1 (docs/app.md: piped,
/// `almanac ui` refuses).
package enum TerminalError: Error, CustomStringConvertible, Equatable {
    /// stdin or stdout is not a terminal; `alternative` names what to use instead.
    case notATerminal(purpose: String, alternative: String)
    /// `TERM=dumb`.
    case dumbTerminal(purpose: String, alternative: String)

    package var description: String {
        switch self {
        case .notATerminal(let purpose, let alternative): "\(purpose) needs a terminal; use \(alternative) for piped output."
        case .dumbTerminal(let purpose, let alternative):
            "\(purpose) needs a terminal that can move its cursor (TERM is dumb); use \(alternative) instead."
        }
    }
}
