extension Int {
    /// `value` rounded to a whole number by `rule` (halves away from zero by default), for showing
    /// or indexing a number that came from outside: clamped to ±10¹⁵ (past any time in seconds or
    /// milliseconds) and NaN as 0, so that a hostile or corrupt answer's `1e20` or `inf` is a large
    /// number shown, never a trap. The one way the program turns such a `Double` into an `Int`
    /// (scripts/check-numbers.py).
    package init(rounding value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        self = value.isNaN ? 0 : Int(Swift.max(-1e15, Swift.min(1e15, value)).rounded(rule))
    }
}
