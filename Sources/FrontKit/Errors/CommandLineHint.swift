import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import TerminalKit

/// What the command line adds to an error's one sentence: the flag or command that does what the
/// sentence asks (docs/architecture.md §9, "Errors worded once"). The library's sentences name no
/// flag; the command line's names live here for the shared parts' errors, and beside each feature's
/// commands for its own errors (`CommandLineError`).
package enum CommandLineHint {
    /// The hint for `error`, said in parentheses before the sentence's full stop; nil for none.
    package static func hint(for error: any Error) -> String? {
        switch error {
        case let error as any CommandLineError: error.commandLineHint
        case let error as SampleDataError: sample(error)
        case TransportError.timeout, TransportError.connectTimeout: "--timeout SECONDS"
        case FileError.exists: "--force replaces it"
        default: nil
        }
    }

    /// `sentence` with `hint` before its full stop: `… by its number (--pick N).`
    package static func adding(_ hint: String, to sentence: String) -> String {
        sentence.hasSuffix(".") ? "\(sentence.dropLast()) (\(hint))." : "\(sentence) (\(hint))"
    }

    private static func sample(_ error: SampleDataError) -> String {
        guard !error.noSampleData else { return "see almanac doctor" }
        switch error.reason {
        case .offline: return "--offline; see almanac doctor"
        case .refreshed: return "--refresh asks for a live answer only; see almanac doctor"
        case .refreshedOffline: return "drop --refresh or --offline; ALMANAC_OFFLINE counts as --offline"
        case .keyMissing, .unreachable: return "see almanac doctor"
        }
    }
}
