import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import Foundation
import TerminalKit

/// The documented exit codes (docs/scripting.md, "Commands": exit codes).
package enum ExitStatus {
    package static let success: Int32 = 0
    package static let failure: Int32 = 1
    package static let usage: Int32 = 64
    /// A user document is damaged and nothing in it could be recovered.
    package static let dataError: Int32 = 65
    /// An input file (a deal source) does not exist or cannot be read.
    package static let noInput: Int32 = 66
    package static let unavailable: Int32 = 69
    /// An output file or folder cannot be created.
    package static let cannotCreate: Int32 = 73
    /// A data file exists but cannot be read; it is never written over (`EX_IOERR`).
    package static let cannotRead: Int32 = 74
    /// A temporary limit: the plan's credits are spent and waiting was declined.
    package static let temporary: Int32 = 75
    /// The configuration is wrong: a base URL that is not http(s), plain http to a remote host, or a
    /// redirect its protection does not allow (`EX_CONFIG`).
    package static let configuration: Int32 = 78
    /// Ctrl+C stopped the command (128 + SIGINT, as shells report it).
    package static let interrupted: Int32 = 130

    /// The exit code for an error that ended a command.
    package static func code(for error: any Error) -> Int32 {
        if let status = (error as? any CommandLineError)?.exitStatus { return status }
        return switch error {
        case is any UserInputError: usage
        case StoreError.damaged: dataError
        case StoreError.unreadable: cannotRead
        // The provider's own rate limit is temporary too: try again at the time the error names.
        case APIError.rateLimited: temporary
        case is OutputPathError, FileError.exists: cannotCreate
        case is CancellationError: interrupted
        case is RequestError: configuration
        // A server that redirected a request somewhere its protection does not allow: refused.
        case TransportError.insecureRedirect: configuration
        case is APIError, is TransportError, is DecodingFailure, is SampleDataError, is StaleRefused, is NotifyError: unavailable
        default: failure
        }
    }
}
