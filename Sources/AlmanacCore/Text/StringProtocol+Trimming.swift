import Foundation

extension StringProtocol {
    /// The text without white space at either end (tabs and spaces, no line breaks).
    package func trimmingWhitespace() -> String {
        trimmed { Self.isWhitespace($0) && !Self.breaksLine($0) }
    }

    /// The same with line breaks too.
    package func trimmingWhitespaceAndNewlines() -> String {
        trimmed(Self.isWhitespace)
    }

    /// Without the scalars `drop` accepts at either end. In Swift, not through `NSString`: the
    /// bridge cost a glance more than the rest of reading its words. Unicode's White_Space is
    /// `CharacterSet.whitespacesAndNewlines`; without line breaks it is `.whitespaces`.
    private func trimmed(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }), let last = scalars.lastIndex(where: { !drop($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// Unicode's White_Space; ASCII answered without the property tables (their first read costs
    /// a run more than the trimming).
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// U+000A–U+000D, U+0085, U+2028, U+2029: what `CharacterSet.newlines` holds.
    private static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        (0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
