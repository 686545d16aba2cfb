import AlmanacCore
import AlmanacHTTP
import Foundation

/// A request the recorded sample data does not answer, in a user's words: what the samples do
/// cover and which keys make any request live. Exit 69. The recording detail (request, nearest
/// recording, folder) is said under `--verbose`.
package struct SampleDataError: Error, Equatable, CustomStringConvertible, Sendable {
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

    /// What the sample data covers (`covered`), the keys that would make the request live, the
    /// subject asked for, and the request (shown under `--verbose`).
    package init(covered: [String], keys: [String], subject: String, request: String? = nil) {
        (self.covered, self.keys, self.subject, self.request) = (covered, keys, subject, request)
    }

    /// From the recordings of one provider.
    package init(provider: Provider, covered: [String], request: String? = nil, what: String? = nil) {
        self.init(covered: covered, keys: provider.keyVariable.map { [$0] } ?? [], subject: "live data", request: request)
        self.what = what
    }

    package var description: String { sentence(seeAlso: nil) }

    /// The sentence, with `seeAlso` (where to read more, e.g. a command) before its full stop.
    package func sentence(seeAlso: String?) -> String {
        let shown = covered.count > 10 ? covered.prefix(10).joined(separator: ", ") + ", …" : covered.joined(separator: ", ")
        let missing = what.map { "for the \($0)" } ?? "for that"
        let head =
            noSampleData
            ? "No sample data is installed, so there is none \(missing)"
            : covered.isEmpty ? "The sample data has no answer \(missing)" : "The sample data covers \(shown)"
        let keyless = noSampleData ? "it needs the network" : "the provider could not be reached for the rest"
        let tail = keys.isEmpty ? keyless : "set \(keys.joined(separator: " and ")) for \(subject)"
        return "\(head); \(tail)" + (seeAlso.map { " (see \($0))" } ?? "") + "."
    }
}
