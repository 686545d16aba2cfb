import Foundation

/// The front ends that show errors to a person (docs/architecture.md §9, "Errors worded once").
package enum FrontEnd: Sendable, Equatable {
    /// Subcommands: sentences may name flags (`--pick`) and commands (`almanac weather add`).
    case commandLine
    /// The menu session and the full-screen app: plain words only.
    case menu

    /// `commandLine` on the command line, `plain` elsewhere: the one part of a sentence that
    /// names what to do (a flag, or the same act in words).
    package func says(_ commandLine: String, else plain: String) -> String { self == .commandLine ? commandLine : plain }
}

/// An error worded once: `sentence(for:)` is its one sentence, naming what to do in the front
/// end's words; `description` is the menu's (plain words, for logs and tests too).
package protocol WordedError: Error, CustomStringConvertible, Sendable {
    func sentence(for frontEnd: FrontEnd) -> String
}

extension WordedError {
    package var description: String { sentence(for: .menu) }
}
