import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import AlmanacUI
import ArgumentParser

extension Result where Failure: Error {
    /// For `validate()`: the failure as a `ValidationError` in the command line's words, so the
    /// rule lives in the library and only its wording here.
    func orValidationError() throws {
        if case .failure(let error) = self { throw ValidationError(ErrorSentence.text(error, for: .commandLine)) }
    }
}
