import AlmanacCore
import AlmanacHTTP
import Foundation

/// A request the recorded sample data does not answer, in a user's words: what the samples do
/// cover and which keys make any request live. Exit 69. The recording detail (request, nearest
/// recording, folder) is said under `--verbose`.
package struct SampleDataError: Error, CustomStringConvertible, Equatable {
    /// What the samples answer for this kind of request (places, pairs), as recorded.
    package var covered: [String]
    /// The variables that make it live, e.g. `OPENWEATHER_API_KEY`.
    package var keys: [String]
    /// What the keys open up: "any city", "any pair".
    package var subject: String
    /// The request not answered (its identity, free of secrets), for diagnostics.
    package var request: String?
    /// What was asked, in words ("the weather at 55.76,37.62"), when known.
    package var what: String?
    /// True when no sample data is installed at all (a binary copied away from its data).
    package var noSampleData = false
    /// Why the sample data was asked: the one true reason the sentence gives.
    package var reason: Reason

    /// Why a run answers from the sample data.
    package enum Reason: Sendable, Equatable {
        /// A key is not set (`keys` names it).
        case keyMissing
        /// `--offline`.
        case offline
        /// The provider, by name, could not be reached.
        case unreachable(String)
        /// The provider, by name, could not be reached and `--refresh` asked for live data only.
        case refreshed(String)
        /// `--refresh` asked for live data only while working offline: nothing can answer.
        case refreshedOffline
    }

    /// What the sample data covers (`covered`), the keys that would make the request live, the
    /// subject asked for, the reason, and the request (shown under `--verbose`).
    package init(covered: [String], keys: [String], subject: String, reason: Reason = .keyMissing, request: String? = nil) {
        (self.covered, self.keys, self.subject, self.reason, self.request) = (covered, keys, subject, reason, request)
    }

    /// From the recordings of one provider.
    package init(provider: Provider, covered: [String], reason: Reason, request: String? = nil, what: String? = nil) {
        self.init(covered: covered, keys: provider.keyVariable.map { [$0] } ?? [], subject: "live data", reason: reason, request: request)
        self.what = what
    }

    /// The sentence, in plain words; the command line adds the flag behind the reason and
    /// `almanac doctor` (`CommandLineHint`).
    package var description: String {
        if reason == .refreshedOffline {
            return "A fresh answer was asked for while working offline, and nothing can give one."
        }
        let shown = covered.count > 10 ? covered.prefix(10).joined(separator: ", ") + ", …" : covered.joined(separator: ", ")
        let missing = what.map { "for the \($0)" } ?? "for that"
        let head =
            noSampleData
            ? "No sample data is installed, so there is none \(missing)"
            : covered.isEmpty ? "The sample data has no answer \(missing)" : "The sample data covers \(shown)"
        return "\(head); \(tail)."
    }

    /// What would answer the rest, by the reason.
    private var tail: String {
        if noSampleData { return "it needs the network" }
        switch reason {
        case .offline, .refreshedOffline: return "working offline keeps to the cache and the sample data"
        case .unreachable(let name): return "\(name) could not be reached for the rest"
        case .refreshed(let name):
            return "\(name) could not be reached, and a fresh answer was asked for, not a recorded one"
        case .keyMissing: return keys.isEmpty ? "nothing else answers without the network" : "set \(keys.joined(separator: " and ")) for \(subject)"
        }
    }
}
