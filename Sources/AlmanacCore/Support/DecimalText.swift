import Foundation

/// Numbers as text the way C's `printf` writes them.
package enum DecimalText {
    /// `value` with exactly `places` decimals (0–17), as `%.<places>f` writes it: rounded from the
    /// exact binary value, a tie to the even digit; a minus sign for any negative value, even one
    /// that rounds to zero (`-0.00`); `nan`, `inf`, `-inf` when not finite.
    package static func fixed(_ value: Double, _ places: Int) -> String {
        precondition((0...17).contains(places), "0 to 17 decimals")
        return String(format: "%.\(places)f", value)
    }

    /// `number` in at least `width` digits, zeros in front (`%0<width>d`).
    package static func padded(_ number: Int, _ width: Int) -> String {
        String(format: "%0\(width)ld", number)
    }
}
