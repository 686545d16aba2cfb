import AlmanacCore

/// Numbers as people read them.
package enum NumberText {
    /// Digits in groups of three: `1,234,567`; the text is used as given (no rounding here).
    package static func grouped(digits text: Substring) -> String {
        var digits = String(text)
        var result = ""
        while digits.count > 3 {
            result = "," + digits.suffix(3) + result
            digits.removeLast(3)
        }
        return digits + result
    }

    /// `-1,234,567`
    package static func grouped(_ value: Int) -> String {
        (value < 0 ? "-" : "") + grouped(digits: Substring(String(value.magnitude)))
    }
}
