import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import Foundation
import TerminalKit

/// Where the session goes after a choice.
package enum MenuNavigation {
    case stay
    case open(any MenuScreen)
    case back
    case quit
}

/// One screen of the menu session: a title, numbered choices, and what each does.
package protocol MenuScreen {
    var title: String { get }
    var choices: [String] { get }
    /// One line per choice for `help`: what it does, what it asks for and in which format, and
    /// the command that does the same on the command line.
    var help: [String] { get }
    /// Handles choice `index` (0-based).
    func choose(_ index: Int, io: MenuIO) async -> MenuNavigation
}

extension MenuScreen {
    /// The screen's menu: title, then `1) …` lines, then the words that work everywhere.
    package func menu(style: Style) -> String {
        var lines = ["", style.bold(title)]
        for (index, choice) in choices.enumerated() { lines.append("  \(index + 1)) \(choice)") }
        lines.append(style.dim("  help · back · quit"))
        return lines.joined(separator: "\n")
    }
}

extension MenuScreen {
    /// `help`: each choice with its explanation, then the words that work at every prompt.
    package func helpText(style: Style) -> String {
        var lines = ["", style.bold(title)]
        for (index, choice) in choices.enumerated() {
            lines.append("  \(index + 1)) \(choice)")
            if index < help.count { lines.append(style.dim("     " + help[index])) }
        }
        lines.append(style.dim("  At any prompt: back returns here without changing anything, quit ends the session."))
        return lines.joined(separator: "\n")
    }
}

/// Runs an action, printing its error as one line instead of leaving the session.
package func attempt(_ io: MenuIO, _ body: () async throws -> Void) async {
    do { try await body() } catch { io.error(ErrorSentence.text(error, for: .menu)) }
}
