import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

/// The one sentence a front end shows for an error (docs/architecture.md §9, "Errors worded
/// once"): a `WordedError`'s sentence for that front end, else the error's own plain words.
package enum ErrorSentence {
    package static func text(_ error: any Error, for frontEnd: FrontEnd) -> String {
        if error is CancellationError, frontEnd == .commandLine { return "interrupted" }
        if let error = error as? any WordedError { return error.sentence(for: frontEnd) }
        return ErrorText.describe(error)
    }
}
