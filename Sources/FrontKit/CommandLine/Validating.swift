import AlmanacCore
import ArgumentParser
import TerminalKit

/// For `validate()`: runs one of the library's input rules (docs/architecture.md §9) and throws
/// its refusal as a `ValidationError` in the command line's words, so the rule lives in the
/// library and only its wording here.
package func validating(_ check: () throws -> Void) throws {
    do {
        try check()
    } catch {
        throw ValidationError(ErrorSentence.text(error, for: .commandLine))
    }
}
