import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// What a fruit-log request cannot do, as values, each worded once (see `WeatherError`).
package enum FruitError: UserInputError, Equatable {
    /// Fruit can be logged only once eaten.
    case eatenInFuture(LocalDate)
    /// No log entry has this number (`logIsEmpty`: there are none at all).
    case noLogEntry(Int, logIsEmpty: Bool)
    /// An empty or overlong (over 60 characters) fruit reference.
    case emptyReference
    /// No fruit has this id; ids run from `first` to `last`, with gaps.
    case unknownID(Int, first: Int, last: Int)
    /// No fruit (or family, genus, order: `what`) of that name; `suggestions` are near names.
    case unknownName(String, what: String, suggestions: [String])

    package var description: String {
        switch self {
        case .eatenInFuture(let date): "\(date) is in the future; log fruit already eaten."
        case .noLogEntry(let id, let empty):
            "No log entry \(id)." + (empty ? " The log is empty." : " The log shows each entry's number.")
        case .emptyReference: "Give a fruit's name or id."
        case .unknownID(let id, let first, let last): "No fruit has id \(id). Ids run from \(first) to \(last), with gaps."
        case .unknownName(let text, let what, let suggestions):
            "No \(what) called \"\(text)\"." + (suggestions.isEmpty ? "" : " Did you mean: \(suggestions.joined(separator: ", "))?")
        }
    }
}
