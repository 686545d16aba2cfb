import Foundation

extension StringProtocol {
    /// The text without white space at either end (tabs and spaces, no line breaks).
    package func trimmingWhitespace() -> String {
        trimmingCharacters(in: .whitespaces)
    }

    /// The same with line breaks too.
    package func trimmingWhitespaceAndNewlines() -> String {
        trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
