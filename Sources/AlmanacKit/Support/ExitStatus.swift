/// The documented exit codes (design §7).
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 64
    public static let unavailable: Int32 = 69
    /// A temporary limit: the plan's credits are spent and waiting was declined.
    public static let temporary: Int32 = 75

    /// The exit code for an error that ended a command.
    public static func code(for error: any Error) -> Int32 {
        switch error {
        case is UsageError: usage
        case is CreditLimitError: temporary
        case is APIError, is TransportError, is DecodingFailure: unavailable
        default: failure
        }
    }
}

/// Invalid input from the user: one sentence saying what is wrong and what is expected. Exit 64.
public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
