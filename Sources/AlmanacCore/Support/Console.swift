import Foundation
import Synchronization

/// Where messages go: data to stdout, everything else to stderr.
public final class Console: Sendable {
    /// Serialises writes, and holds the notes already said this run.
    private let said = Mutex<Set<String>>([])
    public let verbose: Bool
    /// Whether stderr is a terminal: a status line may then be rewritten in place.
    public let errIsTerminal: Bool
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void

    public init(
        verbose: Bool = false, errIsTerminal: Bool = false,
        out: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
        err: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.verbose = verbose
        self.errIsTerminal = errIsTerminal
        self.writeOut = out
        self.writeErr = err
    }

    /// Writes data to stdout, adding a newline.
    public func print(_ text: String) {
        said.withLock { _ in writeOut(text + "\n") }
    }

    /// Writes a message to stderr.
    public func note(_ text: String) {
        said.withLock { _ in writeErr(text + "\n") }
    }

    /// Writes a message to stderr once per run.
    public func noteOnce(_ text: String) {
        let first = said.withLock { $0.insert(text).inserted }
        if first { note(text) }
    }

    /// Rewrites a one-line status on a terminal stderr (a countdown); does nothing elsewhere.
    public func status(_ text: String) {
        guard errIsTerminal else { return }
        said.withLock { _ in writeErr("\r\u{1B}[K" + text) }
    }

    /// Clears the status line written by `status(_:)`.
    public func clearStatus() {
        guard errIsTerminal else { return }
        said.withLock { _ in writeErr("\r\u{1B}[K") }
    }

    public func warn(_ text: String) {
        note("warning: " + text)
    }

    /// Writes a line to stderr only under `--verbose`.
    public func debug(_ text: @autoclosure () -> String) {
        if verbose { note(text()) }
    }

    /// A console that drops everything (tests, benchmarks).
    public static let silent = Console(out: { _ in }, err: { _ in })
}
