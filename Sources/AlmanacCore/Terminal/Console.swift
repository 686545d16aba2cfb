import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where messages go: data to stdout, everything else to stderr. Every text it is given is drawn
/// through `TerminalText.neutralise` (JSON through `TerminalText.escapeJSON`): the one place text
/// leaves for the terminal in the command-line and menu front ends.
package final class Console: Sendable {
    /// Serialises writes, and holds the notes already said this run.
    private let said = Mutex<Set<String>>([])
    /// Notes about where an answer came from, held until an answer is printed (`noteForAnswer`).
    private let held = Mutex<[String]?>(nil)
    /// Whether a status line (`status(_:)`) is on the terminal now: a note first erases it.
    private let statusShown = Atomic(false)
    package let verbose: Bool
    /// Whether stderr is a terminal: a status line may then be rewritten in place.
    package let errIsTerminal: Bool
    private let writeOut, writeErr: @Sendable (String) -> Void

    package init(
        verbose: Bool = false, errIsTerminal: Bool = false,
        out: (@Sendable (String) -> Void)? = nil, err: (@Sendable (String) -> Void)? = nil
    ) {
        self.verbose = verbose
        self.errIsTerminal = errIsTerminal
        self.writeOut = out ?? Console.writer(to: STDOUT_FILENO)
        self.writeErr = err ?? Console.writer(to: STDERR_FILENO)
    }

    /// A writer to `descriptor` for this run, bound now: it keeps writing where the run's output
    /// goes from any thread (a task-local is not seen on a thread the run did not start).
    private static func writer(to descriptor: Int32) -> @Sendable (String) -> Void {
        guard let current = Invocation.current else { return { Console.writeRaw($0, to: descriptor) } }
        return { current.write(descriptor, $0) }
    }

    /// A console that holds each `noteForAnswer` until data is printed: the command line's, where
    /// a run that ends in an error prints the error alone (docs/architecture.md §3, "Who answers").
    package static func holdingNotes(verbose: Bool, errIsTerminal: Bool) -> Console {
        let console = Console(verbose: verbose, errIsTerminal: errIsTerminal)
        console.held.withLock { $0 = [] }
        return console
    }

    /// Writes `text`, neutralised (`TerminalText`), to a descriptor: for a message written before
    /// or without a console (the closing error line).
    package static func write(_ text: String, to descriptor: Int32) {
        writeRaw(TerminalText.neutralise(text), to: descriptor)
    }

    /// Writes all of `text` as it is to a descriptor (`FileBytes.write`); a closed pipe or full
    /// disk ends the attempt (there is nowhere left to say so). Only for text already neutralised
    /// and the program's own control codes. A run in process (`Invocation.current`) gets it instead.
    package static func writeRaw(_ text: String, to descriptor: Int32) {
        if let current = Invocation.current { return current.write(descriptor, text) }
        var text = text
        _ = text.withUTF8 { bytes in
            return FileBytes.write(UnsafeRawBufferPointer(bytes), to: descriptor)
        }
    }

    /// Writes data to stdout, adding a newline; the notes held for an answer go first.
    package func print(_ text: String) {
        let safe = TerminalText.neutralise(text)
        if statusShown.load(ordering: .relaxed) { clearStatus() }
        releaseHeld()
        said.withLock { _ in writeOut(safe + "\n") }
    }

    /// Writes one JSON document to stdout, adding a newline; the same JSON value with every raw
    /// character a terminal acts on written as an escape.
    package func printJSON(_ text: String) {
        let safe = TerminalText.escapeJSON(text)
        releaseHeld()
        said.withLock { _ in writeOut(safe + "\n") }
    }

    /// A note that promises an answer ("… showing sample data"): said when the answer is printed,
    /// never when the run prints none; at once on a console that does not hold notes.
    package func noteForAnswer(_ text: String) {
        let kept = held.withLock { held -> Bool in
            guard held != nil else { return false }
            if !held!.contains(text) { held!.append(text) }
            return true
        }
        if !kept { note(text) }
    }

    /// Says the held notes now (an answer is about to show), once each.
    package func releaseHeld() {
        let notes = held.withLock { held -> [String] in
            defer { if held != nil { held = [] } }
            return held ?? []
        }
        for text in notes { note(text) }
    }

    /// Writes a message to stderr (over the status line, when one is shown).
    package func note(_ text: String) {
        let safe = TerminalText.neutralise(text)
        let erase = statusShown.exchange(false, ordering: .relaxed) ? "\r\u{1B}[K" : ""
        said.withLock { _ in writeErr(erase + safe + "\n") }
    }

    /// Writes a message to stderr once per run.
    package func noteOnce(_ text: String) {
        let first = said.withLock { $0.insert(text).inserted }
        if first { note(text) }
    }

    /// Rewrites a one-line status on a terminal stderr (a countdown); does nothing elsewhere.
    package func status(_ text: String) {
        guard errIsTerminal else { return }
        let safe = TerminalText.neutralise(text)
        statusShown.store(true, ordering: .relaxed)
        said.withLock { _ in writeErr("\r\u{1B}[K" + safe) }
    }

    /// Clears the status line written by `status(_:)`.
    package func clearStatus() {
        guard errIsTerminal else { return }
        statusShown.store(false, ordering: .relaxed)
        said.withLock { _ in writeErr("\r\u{1B}[K") }
    }

    package func warn(_ text: String) {
        note("warning: " + text)
    }

    /// Writes a line to stderr only under `--verbose`.
    package func debug(_ text: @autoclosure () -> String) {
        if verbose { note(text()) }
    }

    /// A console that drops everything (tests, benchmarks).
    package static let silent = Console(out: { _ in }, err: { _ in })
}
