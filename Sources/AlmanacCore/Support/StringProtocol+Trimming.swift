extension StringProtocol {
    /// The text without white space at either end, as `trimmingCharacters(in: .whitespaces)`
    /// gives it (tabs and the space separators, no line breaks), without Foundation's
    /// round trip through `NSString`, whose first use costs a short command more than all of its
    /// other text work.
    public func trimmingWhitespace() -> String {
        trimming { $0 == "\t" || Self.isSpaceSeparator($0) }
    }

    /// The same with line breaks too (`.whitespacesAndNewlines`).
    public func trimmingWhitespaceAndNewlines() -> String {
        trimming { scalar in
            switch scalar.value {
            case 0x09...0x0D, 0x85, 0x2028, 0x2029: true
            default: Self.isSpaceSeparator(scalar)
            }
        }
    }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let text = String(self)
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }), let last = scalars.lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return text }
        return String(Substring(scalars[first...last]))
    }

    /// Foundation's white space: the space separators, and zero width space, which it counts too.
    private static func isSpaceSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
