/// Reading without building: skipping values, finding members, taking a value's bytes as stored.
/// Every skip checks the grammar as `value()` does, except that the text inside strings is not
/// decoded (its escapes and UTF-8 are checked only when the string is read).
extension JSONParser {
    /// True at the end of the bytes.
    package var atEnd: Bool { index >= bytes.count }

    /// True when the next byte opens a string.
    package var isAtString: Bool { index < bytes.count && bytes[index] == UInt8(ascii: "\"") }

    /// Moves past `byte` when it is next; false (and no move) otherwise.
    package mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A number as a double; nil when the next bytes are not a JSON number.
    package mutating func double() -> Double? {
        switch number() {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// Moves past one value (after white space); false when it is malformed or cut short.
    package mutating func skipValue() -> Bool {
        skipSpace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""): return skipString()
        case UInt8(ascii: "{"): return skipContainer(close: UInt8(ascii: "}"), members: true)
        case UInt8(ascii: "["): return skipContainer(close: UInt8(ascii: "]"), members: false)
        default: return value() != nil
        }
    }

    /// The byte range of the value at `index` (after white space), as stored; the parser ends past it.
    package mutating func span() -> Range<Int>? {
        skipSpace()
        let start = index
        return skipValue() ? start..<index : nil
    }

    /// Moves to the value of `key` in the object at `index`; false when the key is absent or the
    /// object malformed. Keys are compared as stored (a key written with escapes never matches).
    package mutating func enterMember(_ key: String) -> Bool {
        var found = false
        let complete = forEachMember { name, parser in
            guard name.elementsEqual(key.utf8) else { return parser.skipValue() }
            found = true
            return false
        }
        return found && !complete
    }

    /// Calls `visit` with each member's key (raw bytes, no quotes) and the parser on its value,
    /// which `visit` must read or skip; `visit` returns false to stop. True when the whole object
    /// was read, false when stopped or malformed.
    package mutating func forEachMember(_ visit: (UnsafeBufferPointer<UInt8>, inout JSONParser) -> Bool) -> Bool {
        skipSpace()
        guard consume(UInt8(ascii: "{")) else { return false }
        skipSpace()
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
            let start = index + 1
            guard skipString() else { return false }
            let name = UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
            skipSpace()
            guard consume(UInt8(ascii: ":")) else { return false }
            skipSpace()
            guard visit(name, &self) else { return false }
            skipSpace()
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    /// Moves past the string starting at the opening quote.
    private mutating func skipString() -> Bool {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return true
            case 0..<0x20: return false
            default: index += 1
            }
        }
        return false
    }

    private mutating func skipContainer(close: UInt8, members: Bool) -> Bool {
        guard depth < JSONValue.maximumDepth else { return false }
        depth += 1
        defer { depth -= 1 }
        if members { return forEachMember { _, parser in parser.skipValue() } }
        index += 1
        skipSpace()
        if consume(close) { return true }
        repeat {
            guard skipValue() else { return false }
            skipSpace()
        } while consume(UInt8(ascii: ","))
        return consume(close)
    }
}
