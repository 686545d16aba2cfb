import Foundation

/// A parsed JSON document: a small tree with no Foundation objects in it.
///
/// Parsed by `JSONValue.parse(_:)` in one pass over the bytes (RFC 8259, UTF-8, nesting at most
/// `maximumDepth` deep) and read through `JSONTreeDecoder`. It exists because every command reads
/// a few JSON files before it prints anything, and Foundation's readers spend most of their time
/// there on first-use runtime work rather than on the bytes.
package enum JSONValue: Equatable, Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer literal that fits in `Int` (no fraction, no exponent).
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string, escapes decoded.
    case string(String)
    /// Elements in document order.
    case array([JSONValue])
    /// Members in document order; a repeated key answers with its first value.
    case object([(String, JSONValue)])

    /// Objects and arrays nested deeper than this are refused rather than risking the stack.
    package static let maximumDepth = 512

    /// The value of `key` when this is an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var intValue: Int? {
        switch self {
        case .int(let number): return number
        case .double(let number): return number.rounded() == number && abs(number) < 9.0e18 ? Int(number) : nil
        default: return nil
        }
    }

    package var doubleValue: Double? {
        switch self {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The document in `data`, or nil when it is not one complete JSON value (surrounding white
    /// space allowed).
    package static func parse(_ data: Data) -> JSONValue? {
        data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            return parser.document()
        }
    }
}
