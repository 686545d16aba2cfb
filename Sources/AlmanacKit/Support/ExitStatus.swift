import Foundation

/// The documented exit codes (design §7).
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 64
    public static let unavailable: Int32 = 69
    /// An output file or folder cannot be created.
    public static let cannotCreate: Int32 = 73
    /// A temporary limit: the plan's credits are spent and waiting was declined.
    public static let temporary: Int32 = 75

    /// The exit code for an error that ended a command.
    public static func code(for error: any Error) -> Int32 {
        switch error {
        case is UsageError, is any UserInputError: usage
        case is CreditLimitError: temporary
        case is OutputPathError: cannotCreate
        case is APIError, is TransportError, is DecodingFailure: unavailable
        default: failure
        }
    }
}

/// A typed error about what a person asked for (a date, a number, a choice). Exit 64. Its
/// `description` is plain words for any front end; the command line may word it with its flags.
public protocol UserInputError: Error, CustomStringConvertible, Sendable {}

/// Invalid input from the user: one sentence saying what is wrong and what is expected. Exit 64.
public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// An output path that cannot be written. Exit 73.
public enum OutputPathError: Error, Equatable, CustomStringConvertible, Sendable {
    case noFolder(String)

    public var description: String {
        switch self {
        case .noFolder(let path): "No folder \(path); create it first."
        }
    }

    /// Throws unless the folder holding `url` exists.
    public static func requireParent(of url: URL) throws {
        let parent = url.standardizedFileURL.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw OutputPathError.noFolder(parent.path)
        }
    }
}
