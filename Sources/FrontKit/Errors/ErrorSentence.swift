import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import Foundation
import TerminalKit

/// The one sentence a front end shows for an error (docs/architecture.md §9, "Errors worded
/// once"): the error's own plain sentence; on the command line, a typed number or date called by
/// its flag, and other sentences with the flag that does what they ask (`CommandLineHint`).
package enum ErrorSentence {
    package static func text(_ error: any Error, for frontEnd: FrontEnd) -> String {
        guard frontEnd == .commandLine else { return ErrorText.describe(error) }
        switch error {
        case is CancellationError: return "interrupted"
        case let error as NumberInputError: return error.sentence(naming: error.rule.flag ?? error.rule.noun)
        case let error as DateInputError: return error.sentence { "--\($0.rawValue)" }
        default:
            let sentence = ErrorText.describe(error)
            return CommandLineHint.hint(for: error).map { CommandLineHint.adding($0, to: sentence) } ?? sentence
        }
    }
}
