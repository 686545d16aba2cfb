import Foundation

/// Invalid input from the user: one sentence saying what is wrong and what is expected. Exit 64.
public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
