import AlmanacCore
import AlmanacHTTP
import Foundation

/// One-line text for any error the program can show a user.
package enum ErrorText {
    /// One line for `error`: its own sentence when it has one, else a plain description.
    package static func describe(_ error: any Error) -> String {
        if let error = error as? DecodingError { return JSONDecoding.describe(error) }
        if error is CocoaError { return error.localizedDescription }
        if let failure = error as? DecodingFailure { return unreadable(failure) }
        let text = String(describing: error)
        return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
    }

    /// A body that does not decode, in a user's words: the provider by name, the endpoint id
    /// left out (`twelvedata.quote: …` is for logs and tests).
    static func unreadable(_ failure: DecodingFailure) -> String {
        "\(failure.provider?.displayName ?? "The provider") sent an answer Almanac cannot read (\(failure.detail))."
    }
}
