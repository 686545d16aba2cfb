import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import Foundation
import Synchronization
import TerminalKit

/// What the features say on stderr while the full-screen app owns the terminal: kept here and
/// shown as one line in the status bar instead of scribbling over the screen.
package final class AppLog: Sendable {
    private let lines = Mutex<[(text: String, at: Date)]>([])
    /// How long a note stays in the status line.
    package static let shownFor: TimeInterval = 8

    /// Every provider's name as notes write it (`Provider.brand`): a note naming one belongs to
    /// the tabs concerned with it.
    private let brands: Set<String>

    /// A log that tells providers' notes apart by `brands`.
    package init(brands: Set<String>) { self.brands = brands }

    /// A console whose notes and warnings land here; `print` output is dropped (the app draws).
    package func console(verbose: Bool = false) -> Console {
        Console(verbose: verbose, errIsTerminal: false, out: { _ in }, err: { [self] text in add(text) })
    }

    package func add(_ text: String) {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !line.trimmingWhitespace().isEmpty else { return }
        lines.withLock { lines in
            lines.append((line, Date()))
            if lines.count > 50 { lines.removeFirst(lines.count - 50) }
        }
    }

    /// The newest line, while it is fresh (`shownFor` seconds).
    package var latest: String? { latest(concerning: nil) }

    /// The newest fresh line for a tab concerned with `providers` (by `Provider.brand`): a line
    /// naming some other provider and none of these is left to that provider's tab. Nil `providers`: any line.
    package func latest(concerning providers: Set<String>?) -> String? {
        let now = Date()
        return lines.withLock { lines in
            lines.last { line in
                guard now.timeIntervalSince(line.at) < Self.shownFor else { return false }
                guard let providers else { return true }
                let named = brands.filter { line.text.contains($0) }
                return named.isEmpty || !named.isDisjoint(with: providers)
            }?.text
        }
    }

    /// Every line kept (the newest 50).
    package var all: [String] { lines.withLock { $0.map(\.text) } }
}
