import AlmanacCore

/// Numbers as people read them — the one number rule of every text view: thousands grouped
/// with commas, a negative number with the Unicode minus (`−`, U+2212), decimals as the caller's
/// figure has them. `--json` never goes through here: it keeps the numbers themselves.
package enum NumberText {
    /// The Unicode minus a person reads before a negative number.
    package static let minus = "−"

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

    /// `−1,234,567`
    package static func grouped(_ value: Int) -> String {
        (value < 0 ? minus : "") + grouped(digits: Substring(String(value.magnitude)))
    }

    /// `value` to `places` decimals, its whole part grouped: `−2,500,680.37`, `1.07792`. A value
    /// that rounds to zero has no sign.
    package static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "—" }
        let fixed = DecimalText.fixed(value.magnitude, places)
        let parts = fixed.split(separator: ".", maxSplits: 1)
        let whole = grouped(digits: parts[0])
        let text = parts.count > 1 ? whole + "." + parts[1] : whole
        let zero = fixed.allSatisfy { $0 == "0" || $0 == "." }
        return (value < 0 && !zero ? minus : "") + text
    }
}
