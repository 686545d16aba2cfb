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

    /// The shortest text that reads back as `value` (Swift's own), padded with zeros, when it has
    /// at most `places` decimals, `places` is at most 6 and the value under 1e9: then a unit in
    /// the last place is under 10^-places, so the exact binary value is nearer that text than
    /// half a unit of the last decimal, and `%.<places>f` writes the same. Nil otherwise. (A
    /// coordinate as typed or sent, `55.7558`, takes this path: no `CVarArg` to cast.)
    static func shortest(_ value: Double, _ places: Int) -> String? {
        guard places <= 6, value.isFinite, abs(value) < 1e9 else { return nil }
        let text = value.description
        guard !text.contains("e"), let point = text.firstIndex(of: ".") else { return nil }
        let decimals = text.distance(from: text.index(after: point), to: text.endIndex)
        if places == 0 { return text.hasSuffix(".0") ? String(text.dropLast(2)) : nil }
        return decimals <= places ? text + String(repeating: "0", count: places - decimals) : nil
    }

    /// `number` in at least `width` digits, zeros in front (`%0<width>d`).
    package static func padded(_ number: Int, _ width: Int) -> String {
        printed("%0\(width)ld", number)
    }

    /// C's own `vsnprintf`: `String(format:)` costs a run a dynamic cast of each argument, and
    /// writes the same text.
    private static func printed(_ format: String, _ argument: some CVarArg) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        var count = Int(withVaList([argument]) { vsnprintf(&buffer, buffer.count, format, $0) })
        if count >= buffer.count {
            buffer = [CChar](repeating: 0, count: count + 1)
            count = Int(withVaList([argument]) { vsnprintf(&buffer, buffer.count, format, $0) })
        }
        return String(decoding: buffer.prefix(max(count, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
