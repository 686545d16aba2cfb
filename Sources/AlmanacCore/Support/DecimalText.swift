import Foundation

/// Numbers as text the way C's `printf` writes them, without `String(format:)`: its first use
/// in a process casts every argument through the runtime's conformance tables and sets up a
/// locale, a cost a short command pays again on every run.
public enum DecimalText {
    /// `value` with exactly `places` decimals (0–17), as `%.<places>f` writes it: rounded from the
    /// exact binary value, a tie to the even digit; a minus sign for any negative value, even one
    /// that rounds to zero (`-0.00`); `nan`, `inf`, `-inf` when not finite.
    public static func fixed(_ value: Double, _ places: Int) -> String {
        precondition((0...17).contains(places), "0 to 17 decimals")
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        guard let scaled = scaledAndRounded(value.magnitude, places) else { return hugeFixed(value, places) }
        var digits = String(scaled)
        if digits.count <= places { digits = String(repeating: "0", count: places + 1 - digits.count) + digits }
        if places > 0 { digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places)) }
        return value.sign == .minus ? "-" + digits : digits
    }

    /// `number` in at least `width` digits, zeros in front (`%0<width>d`).
    public static func padded(_ number: Int, _ width: Int) -> String {
        let sign = number < 0 ? "-" : ""
        let digits = String(number.magnitude)
        return sign + String(repeating: "0", count: max(0, width - sign.count - digits.count)) + digits
    }

    /// `magnitude × 10^places` rounded half to even, exactly: the double is `significand × 2^exponent`,
    /// so the product is an integer shifted right, and the bits shifted out decide the rounding.
    /// Nil when the result would not fit in 128 bits (magnitudes past about 10^21 to 10^38,
    /// depending on `places`).
    private static func scaledAndRounded(_ magnitude: Double, _ places: Int) -> UInt128? {
        let subnormal = magnitude.exponentBitPattern == 0
        let significand = UInt128(subnormal ? magnitude.significandBitPattern : magnitude.significandBitPattern | (1 << 52))
        let exponent = subnormal ? -1074 : Int(magnitude.exponentBitPattern) - 1075
        var power: UInt128 = 1
        for _ in 0..<places { power *= 10 }
        let product = significand * power
        if exponent >= 0 { return product.leadingZeroBitCount > exponent ? product << exponent : nil }
        let shift = -exponent
        guard shift < 128 else { return 0 }
        var quotient = product >> shift
        let remainder = product & ((1 << shift) - 1)
        let half: UInt128 = 1 << (shift - 1)
        if remainder > half || (remainder == half && quotient & 1 == 1) { quotient += 1 }
        return quotient
    }

    /// A value too large to scale in 128 bits (past 10^21 at the most decimals; never a price, a
    /// coordinate or a nutrient) is a whole number, as is every double past 2^52: its digits from
    /// `printf`, then the zeros.
    private static func hugeFixed(_ value: Double, _ places: Int) -> String {
        var text = String(format: "%.0f", value)
        if places > 0 { text += "." + String(repeating: "0", count: places) }
        return text
    }
}
