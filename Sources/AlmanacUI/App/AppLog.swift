import AlmanacCore
import Foundation
import Synchronization

/// What the features say on stderr while the full-screen app owns the terminal: kept here and
/// shown as one line in the status bar instead of scribbling over the screen.
public final class AppLog: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// A console whose notes and warnings land here; `print` output is dropped (the app draws).
    public func console(verbose: Bool = false) -> Console {
        Console(verbose: verbose, errIsTerminal: false, out: { _ in }, err: { [self] text in add(text) })
    }

    public func add(_ text: String) {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        lines.withLock { lines in
            lines.append(line)
            if lines.count > 50 { lines.removeFirst(lines.count - 50) }
        }
    }

    /// The newest line, if any.
    public var latest: String? { lines.withLock { $0.last } }

    public var all: [String] { lines.withLock { $0 } }
}
