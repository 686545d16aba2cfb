import Foundation

/// Invalid input a front end checks itself (a menu prompt, a flag combination): one sentence
/// saying what is wrong and what is expected. Exit 64, like every `UserInputError`; the features
/// throw their own typed errors instead.
public struct UsageError: UserInputError, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
