import Foundation

/// The program's XML reader, for the well-formed documents warning services send (CAP 1.2, Atom,
/// RSS): elements, attributes, character data, CDATA, comments, processing instructions and the
/// five named and numeric character references. A document type declaration, an entity it would
/// declare, or anything malformed makes the whole document unreadable (nil), never a guess.
/// Reads UTF-8 bytes in one pass; nesting deeper than `maximumDepth` is refused.
package struct XMLReader {
    /// Elements nested deeper than this are refused rather than risking the stack.
    package static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// The root element of `data`; nil when it is not a well-formed document of the kinds above.
    package static func document(_ data: Data) -> XMLElement? {
        var reader = XMLReader(bytes: Array(data))
        return reader.root()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func root() -> XMLElement? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a byte-order mark
        guard skipMisc(), let element = element(), skipMisc(), index == bytes.count else { return nil }
        return element
    }

    /// Moves past white space, comments and processing instructions; false on a declaration the
    /// reader refuses (`<!DOCTYPE`) or an unterminated one.
    private mutating func skipMisc() -> Bool {
        while true {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            if starts("<?") {
                guard skip(past: "?>") else { return false }
            } else if starts("<!--") {
                guard skip(past: "-->") else { return false }
            } else {
                return !starts("<!")
            }
        }
    }

    /// The element at `index` (`<name …>…</name>` or `<name …/>`).
    private mutating func element() -> XMLElement? {
        guard depth < Self.maximumDepth, starts("<"), index + 1 < bytes.count, Self.isNameStart(bytes[index + 1]) else { return nil }
        index += 1
        let qualified = name()
        guard let attributes = attributes() else { return nil }
        var element = XMLElement(name: Self.local(qualified), attributes: attributes)
        if starts("/>") {
            index += 2
            return element
        }
        guard starts(">") else { return nil }
        index += 1
        depth += 1
        defer { depth -= 1 }
        guard content(into: &element), starts("</") else { return nil }
        index += 2
        guard name() == qualified else { return nil }
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        guard starts(">") else { return nil }
        index += 1
        return element
    }

    /// The element's children and text, up to its end tag.
    private mutating func content(into element: inout XMLElement) -> Bool {
        var text: [UInt8] = []
        while index < bytes.count {
            // Character data runs to the next markup or reference, copied in one step.
            if bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") { index += 1 }
                text += bytes[start..<index]
            } else if starts("</") {
                element.text = String(decoding: text, as: UTF8.self)
                return true
            } else if starts("<!--") {
                guard skip(past: "-->") else { return false }
            } else if starts("<![CDATA[") {
                index += 9
                let start = index
                guard skip(past: "]]>") else { return false }
                text += bytes[start..<(index - 3)]
            } else if starts("<?") {
                guard skip(past: "?>") else { return false }
            } else if starts("<") {
                guard let child = self.element() else { return false }
                element.children.append(child)
            } else {
                guard let character = reference() else { return false }
                text += character
            }
        }
        return false
    }
}

extension XMLReader {
    /// The attributes up to `>` or `/>`; nil when one is malformed or repeated.
    fileprivate mutating func attributes() -> [String: String]? {
        var attributes: [String: String] = [:]
        while true {
            let before = index
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ">") || starts("/>") { return attributes }
            guard index > before, Self.isNameStart(bytes[index]) else { return nil }
            let name = self.name()
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard starts("=") else { return nil }
            index += 1
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard let value = quoted(), attributes.updateValue(value, forKey: Self.local(name)) == nil || name.contains(":") else { return nil }
        }
    }

    /// A quoted attribute value, references resolved.
    fileprivate mutating func quoted() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        index += 1
        var value: [UInt8] = []
        while index < bytes.count, bytes[index] != quote {
            if bytes[index] == UInt8(ascii: "<") { return nil }
            if bytes[index] == UInt8(ascii: "&") {
                guard let character = reference() else { return nil }
                value += character
            } else {
                value.append(bytes[index])
                index += 1
            }
        }
        guard index < bytes.count else { return nil }
        index += 1
        return String(decoding: value, as: UTF8.self)
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#NN;` or `&#xHH;` as UTF-8; nil for any other.
    fileprivate mutating func reference() -> [UInt8]? {
        guard let end = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        index = end + 1
        switch name {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let number = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let number, number != 0, let scalar = Unicode.Scalar(number) else { return nil }
            return Array(String(Character(scalar)).utf8)
        }
    }

    /// A name (`cap:alert`, `xml:lang`) at `index`.
    fileprivate mutating func name() -> String {
        let start = index
        while index < bytes.count,
            Self.isNameStart(bytes[index]) || (48...57).contains(bytes[index]) || bytes[index] == UInt8(ascii: "-")
                || bytes[index] == UInt8(ascii: ".")
        {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Moves past the next `marker`; false when there is none.
    fileprivate mutating func skip(past marker: String) -> Bool {
        let pattern = Array(marker.utf8)
        while index + pattern.count <= bytes.count {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                index += pattern.count
                return true
            }
            index += 1
        }
        return false
    }

    fileprivate func starts(_ marker: String) -> Bool {
        let pattern = marker.utf8
        return index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    fileprivate static func local(_ qualified: String) -> String {
        qualified.split(separator: ":", maxSplits: 1).last.map(String.init) ?? qualified
    }

    fileprivate static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }

    /// A letter, `_`, `:` or any byte of a non-ASCII character.
    fileprivate static func isNameStart(_ byte: UInt8) -> Bool {
        (65...90).contains(byte) || (97...122).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }
}
