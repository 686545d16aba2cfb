import Foundation

/// Invalid input a front end checks itself (a menu prompt, a flag combination): one sentence
/// saying what is wrong and what is expected. Exit 64, like every `UserInputError`; the features
/// throw their own typed errors instead.
package struct UsageError: UserInputError, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
