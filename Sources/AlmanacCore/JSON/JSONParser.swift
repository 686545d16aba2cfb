/// The program's one JSON reader: a cursor over UTF-8 bytes that builds `JSONValue`s
/// (`JSONValue.parse(_:)`), skips values without building them and finds members by key
/// (`JSONParser+Scanning.swift`). Salvage, the replay span scanner, the cache and recording
/// envelope and the deal-line reader are built on it (docs/architecture.md §6).
package struct JSONParser {
    /// The bytes read; they must outlive the parser.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The position of the next byte to read.
    package var index = 0
    var depth = 0

    package init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// One whole value and nothing after it but white space.
    package mutating func document() -> JSONValue? {
        guard let value = value() else { return nil }
        skipSpace()
        return index == bytes.count ? value : nil
    }

    /// The value at `index` (after white space); nil when malformed.
    package mutating func value() -> JSONValue? {
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    /// Moves past white space.
    package mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func literal(_ word: StaticString, _ result: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return result
    }

    private mutating func object() -> JSONValue? {
        guard depth < JSONValue.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let member = value() else { return nil }
            members.append((key, member))
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { return nil }
            index += 1
            return .object(members)
        }
    }

    private mutating func array() -> JSONValue? {
        guard depth < JSONValue.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let element = value() else { return nil }
            elements.append(element)
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { return nil }
            index += 1
            return .array(elements)
        }
    }

    /// A string starting at the opening quote; the bytes must be valid UTF-8.
    package mutating func string() -> String? {
        index += 1
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let utf8 = UnsafeBufferPointer(rebasing: bytes[start..<index])
                // ASCII is valid UTF-8 as it stands: the direct, non-validating initializer.
                let text = ascii ? String(decoding: utf8, as: UTF8.self) : String(validating: utf8, as: UTF8.self)
                index += 1
                return text
            }
            ascii = ascii && byte < 0x80
            if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
            if byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// The slow path for a string with escapes: decoded byte by byte from `start`.
    private mutating func escapedString(from start: Int) -> String? {
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(validating: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count, appendEscape(bytes[index], to: &utf8) else { return nil }
            case 0..<0x20:
                return nil
            default:
                utf8.append(byte)
                index += 1
            }
        }
        return nil
    }

    /// Appends the character an escape stands for; `index` is on the letter after the backslash.
    private mutating func appendEscape(_ letter: UInt8, to utf8: inout [UInt8]) -> Bool {
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(letter)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            guard let scalar = unicodeEscape() else { return false }
            utf8.append(contentsOf: String(Character(scalar)).utf8)
        default: return false
        }
        return true
    }

    /// `XXXX` after `\u`, joining a surrogate pair; a lone surrogate is refused.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(high) {
            guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
            index += 2
            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    package mutating func number() -> JSONValue? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { return nil }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { return nil }
            skipDigits()
            integral = false
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { return nil }
            skipDigits()
            integral = false
        }
        if integral, let number = integer(from: start) { return .int(number) }
        if let number = shortDecimal(from: start) { return .double(number) }
        // Swift's own conversion: locale-independent, and a number of up to 15 bytes is a small
        // string (no allocation).
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)).map(JSONValue.double)
    }

    /// Exact powers of ten a double holds.
    private static let powersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// A plain decimal (`-12.345`, no exponent) with at most 15 significant digits and 22
    /// decimals: its digits as an integer divided by a power of ten. Both are exact doubles, so
    /// the one division rounds correctly, as a full conversion would. Nil for anything else.
    private func shortDecimal(from start: Int) -> Double? {
        let negative = bytes[start] == UInt8(ascii: "-")
        var digits: UInt64 = 0
        var count = 0
        var decimals = 0
        var afterPoint = false
        for position in (negative ? start + 1 : start)..<index {
            let byte = bytes[position]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
                continue
            }
            guard isDigit(byte) else { return nil }
            digits = digits * 10 + UInt64(byte - UInt8(ascii: "0"))
            if digits > 0 { count += 1 }
            if afterPoint { decimals += 1 }
            guard count <= 15, decimals <= 22 else { return nil }
        }
        let value = Double(digits) / Self.powersOfTen[decimals]
        return negative ? -value : value
    }

    /// The integer literal from `start` to `index`, or nil when it does not fit in `Int`.
    private func integer(from start: Int) -> Int? {
        let negative = bytes[start] == UInt8(ascii: "-")
        var value = 0
        for position in (negative ? start + 1 : start)..<index {
            let digit = Int(bytes[position] &- UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
}
