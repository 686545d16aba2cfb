import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// What a crypto request cannot do, as values; `description` is plain words (see `WeatherError`).
public enum CryptoError: UserInputError, Equatable {
    /// Several pairs match; `pairs` in the order offered.
    case ambiguous(query: String, pairs: [TwelveDataDTO.Pair])
    case choiceOutOfRange(choice: Int, count: Int, query: String)

    public var description: String {
        switch self {
        case .ambiguous(let query, let pairs): "Several pairs match \"\(query)\": \(Self.list(pairs)). Choose one by its number."
        case .choiceOutOfRange(let choice, let count, let query): "There is no pair \(choice): \(count) pairs match \"\(query)\"."
        }
    }

    /// `1) LUNA/USD (LUNA in USD); 2) …`
    public static func list(_ pairs: [TwelveDataDTO.Pair]) -> String {
        pairs.enumerated().map {
            "\($0.offset + 1)) \($0.element.choiceText)"
        }
        .joined(separator: "; ")
    }
}
