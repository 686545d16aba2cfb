import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// What a crypto request cannot do, as values, each worded once (see `WeatherError`).
package enum CryptoError: UserInputError, Equatable {
    /// Several pairs match; `pairs` in the order offered.
    case ambiguous(query: String, pairs: [TwelveDataDTO.Pair])
    case choiceOutOfRange(choice: Int, count: Int, query: String)
    /// An empty or overlong (over 60 characters) pair query.
    case emptyQuery
    /// No pair matches; `suggestions` are near names.
    case noMatch(String, suggestions: [String])
    /// Not in the watchlist; `summary` lists what is (`1 BTC/USD, 2 ETH/USD`).
    case notInWatchlist(String, summary: String)
    /// A watchlist row number that is not there.
    case noRow(String, summary: String)
    /// A history range with no prices at all.
    case noPrices(symbol: String, from: LocalDate, to: LocalDate)
    /// The range asked for starts after the day the sample data was recorded.
    case afterRecording(from: LocalDate, recorded: LocalDate)
    /// `crypto usage --check` without a key or the network.
    case usageCheckNeedsLive

    package var description: String {
        switch self {
        case .emptyQuery: "Give a symbol (ETH), a pair (ETH/USD) or a name (Ethereum)."
        case .noMatch(let text, let suggestions):
            "No crypto pair matches \"\(text)\"." + (suggestions.isEmpty ? "" : " Did you mean: \(suggestions.joined(separator: ", "))?")
        case .notInWatchlist(let reference, let summary): "\"\(reference)\" is not in the watchlist (\(summary))."
        case .noRow(let reference, let summary): "No watchlist row \(reference) (\(summary))."
        case .noPrices(let symbol, let from, let to): "No prices for \(symbol) from \(from) to \(to); its history may begin later."
        case .afterRecording(let from, let recorded):
            "The sample data holds prices up to \(recorded), when it was recorded, so none from \(from); live prices need the network."
        case .usageCheckNeedsLive: "Checking the Twelve Data usage needs TWELVEDATA_API_KEY and the network."
        case .ambiguous(let query, let pairs):
            "Several pairs match \"\(query)\": \(Self.list(pairs)). Choose one by its number."
        case .choiceOutOfRange(let choice, let count, let query):
            "There is no pair \(choice): \(count) pairs match \"\(query)\"."
        }
    }

    /// `1) LUNA/USD (LUNA in USD); 2) …`
    package static func list(_ pairs: [TwelveDataDTO.Pair]) -> String {
        pairs.enumerated().map { "\($0.offset + 1)) \($0.element.choiceText)" }.joined(separator: "; ")
    }
}
