import TerminalKit

/// The front ends that show errors to a person (docs/architecture.md §9, "Errors worded once").
package enum FrontEnd: Sendable, Equatable {
    /// Subcommands: a sentence may add the flag (`--pick N`) or command that does what it asks.
    case commandLine
    /// The menu session and the full-screen app: the error's own plain sentence.
    case menu
}
