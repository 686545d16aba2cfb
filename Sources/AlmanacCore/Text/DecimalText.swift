import Foundation

/// Numbers as text the way C's `printf` writes them.
package enum DecimalText {
    /// `value` with exactly `places` decimals (0–17), as `%.<places>f` writes it: rounded from the
    /// exact binary value, a tie to the even digit; a minus sign for any negative value, even one
    /// that rounds to zero (`-0.00`); `nan`, `inf`, `-inf` when not finite.
    package static func fixed(_ value: Double, _ places: Int) -> String {
        precondition((0...17).contains(places), "0 to 17 decimals")
        return shortest(value, places) ?? printed("%.\(places)f", value)
    }

    /// `value` from the shortest text that reads back as it (Swift's own), padded with zeros or
    /// rounded on its digits, when the value is under 1e9 and `places` at most 6; nil otherwise, or
    /// when the digits cut off are exactly 5 (a tie the text cannot settle). Printf writes the
    /// same: were the exact binary value on the other side of a rounding boundary than that text,
    /// the boundary, no longer than the text, would read back as the value too, and be the
    /// shortest or nearest text. (A coordinate as typed or sent takes this path: no `CVarArg`.)
    static func shortest(_ value: Double, _ places: Int) -> String? {
        guard places <= 6, value.isFinite, abs(value) < 1e9 else { return nil }
        var digits = Array(value.description.utf8)
        guard !digits.contains(UInt8(ascii: "e")), let point = digits.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        let cut = point + 1 + places
        if cut >= digits.count {
            digits += Array(repeating: UInt8(ascii: "0"), count: cut - digits.count)
            return String(decoding: places == 0 ? digits.dropLast() : digits[...], as: UTF8.self)
        }
        let dropped = digits[cut...]
        if dropped.first == UInt8(ascii: "5"), dropped.dropFirst().allSatisfy({ $0 == UInt8(ascii: "0") }) { return nil }
        let up = dropped.first! >= UInt8(ascii: "5")
        digits.removeSubrange(places == 0 ? point... : cut...)
        return String(decoding: up ? carried(digits) : digits, as: UTF8.self)
    }

    /// One added to the last digit of `digits` (a number's text), carried past nines and the point.
    private static func carried(_ digits: [UInt8]) -> [UInt8] {
        var digits = digits
        var index = digits.count - 1
        while index >= 0, digits[index] == UInt8(ascii: "9") || digits[index] == UInt8(ascii: ".") {
            if digits[index] == UInt8(ascii: "9") { digits[index] = UInt8(ascii: "0") }
            index -= 1
        }
        if index >= 0, digits[index] != UInt8(ascii: "-") {
            digits[index] += 1
        } else {
            digits.insert(UInt8(ascii: "1"), at: index + 1)
        }
        return digits
    }

    /// `number` in at least `width` digits, zeros in front (`%0<width>d`).
    package static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number.magnitude)
        let sign = number < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - digits.count - sign.count)) + digits
    }

    /// C's own `vsnprintf`, for what `shortest` leaves: the text `String(format:)` writes, without
    /// its bridging.
    private static func printed(_ format: String, _ argument: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        var count = Int(withVaList([argument]) { vsnprintf(&buffer, buffer.count, format, $0) })
        if count >= buffer.count {
            buffer = [CChar](repeating: 0, count: count + 1)
            count = Int(withVaList([argument]) { vsnprintf(&buffer, buffer.count, format, $0) })
        }
        return String(decoding: buffer.prefix(max(count, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
