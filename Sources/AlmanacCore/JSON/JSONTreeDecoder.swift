import Foundation

/// Decodes `Decodable` values from JSON through `JSONValue`, with the errors `JSONDecoder`
/// throws (`keyNotFound`, `typeMismatch`, `valueNotFound`, `dataCorrupted` with the coding path).
///
/// Semantics are those of `JSONDecoder` with its default strategies for the types this program
/// decodes: numbers convert between `Int` and `Double` when exact, a string is never a number,
/// `Date` is seconds since 2001 (`.deferredToDate`) unless `iso8601Dates`, `URL` is a string.
/// Not supported: `Data` as base64 and `Decimal` (nothing here decodes them).
package struct JSONTreeDecoder {
    /// Dates as ISO 8601 text (as `JSONEncoder.almanac` writes them); false by default.
    package var iso8601Dates: Bool

    package init(iso8601Dates: Bool = false) {
        self.iso8601Dates = iso8601Dates
    }

    package func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard let root = JSONValue.parse(data) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The given data was not valid JSON."))
        }
        return try decode(type, from: root)
    }

    package func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try TreeDecoder(value: value, node: nil, iso8601Dates: iso8601Dates).unwrap(type)
    }

    /// The JSON value under `decoder` when it is one of this type's decoders, else nil: a type
    /// that accepts several kinds of value reads it directly instead of trying containers
    /// (each failed try is a thrown error).
    package static func value(of decoder: any Decoder) -> JSONValue? {
        (decoder as? TreeDecoder)?.value
    }
}

/// A coding path as a chain from the leaf: built only when an error needs it.
private final class PathNode {
    let key: any CodingKey
    let parent: PathNode?

    init(_ key: any CodingKey, _ parent: PathNode?) {
        (self.key, self.parent) = (key, parent)
    }

    static func keys(_ node: PathNode?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var next = node
        while let current = next {
            keys.append(current.key)
            next = current.parent
        }
        return keys.reversed()
    }
}

/// One position in the tree.
private struct TreeDecoder: Decoder {
    let value: JSONValue
    let node: PathNode?
    let iso8601Dates: Bool
    var codingPath: [any CodingKey] { PathNode.keys(node) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The decoder of a member or element of this value.
    func child(_ value: JSONValue, _ key: any CodingKey) -> TreeDecoder {
        TreeDecoder(value: value, node: PathNode(key, node), iso8601Dates: iso8601Dates)
    }

    func unwrap<T: Decodable>(_ type: T.Type) throws -> T {
        if iso8601Dates, type == Date.self {
            guard case .string(let text) = value, let date = try? Date(text, strategy: .iso8601) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Expected date string to be ISO8601-formatted."))
            }
            return date as! T
        }
        if type == URL.self {
            guard case .string(let text) = value, let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Invalid URL string."))
            }
            return url as! T
        }
        if let array = plainArray(type) { return array }
        return try T(from: self)
    }

    /// `[Double?]`, `[Double]` or `[String]` read in one pass, without a container per element:
    /// an ensemble's columns hold thousands of numbers. Nil when `T` is none of these, or an
    /// element is not of its type (the container path then reports it, with its index).
    private func plainArray<T>(_ type: T.Type) -> T? {
        guard case .array(let elements) = value else { return nil }
        if type == [Double?].self {
            var numbers: [Double?] = []
            numbers.reserveCapacity(elements.count)
            for element in elements {
                if case .null = element {
                    numbers.append(nil)
                } else if let number = element.doubleValue {
                    numbers.append(number)
                } else {
                    return nil
                }
            }
            return numbers as? T
        }
        if type == [Double].self {
            let numbers = elements.compactMap(\.doubleValue)
            return numbers.count == elements.count ? numbers as? T : nil
        }
        if type == [String].self {
            let texts = elements.compactMap { $0.stringValue.map(TerminalText.outside) }
            return texts.count == elements.count ? texts as? T : nil
        }
        return nil
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self, value, codingPath) }
        return KeyedDecodingContainer(TreeKeyedContainer<Key>(members: members, parent: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self, value, codingPath) }
        return TreeUnkeyedContainer(elements: elements, parent: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

extension TreeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try value.bool(at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try value.string(at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try value.double(at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try value.double(at: codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try value.integer(type, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try value.integer(type, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try value.integer(type, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try value.integer(type, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value.integer(type, at: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try unwrap(type) }
}

/// Conversions of one value; the coding path is worked out only for an error.
extension JSONValue {
    fileprivate var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    fileprivate func bool(at path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let flag) = self else { throw mismatch(Bool.self, self, path()) }
        return flag
    }

    fileprivate func string(at path: @autoclosure () -> [any CodingKey]) throws -> String {
        guard case .string(let text) = self else { throw mismatch(String.self, self, path()) }
        return TerminalText.outside(text)  // inert unless a `--json` run keeps it (docs/architecture.md §2, item 7)
    }

    fileprivate func double(at path: @autoclosure () -> [any CodingKey]) throws -> Double {
        guard let number = doubleValue else { throw mismatch(Double.self, self, path()) }
        return number
    }

    fileprivate func integer<T: FixedWidthInteger>(_ type: T.Type, at path: @autoclosure () -> [any CodingKey]) throws -> T {
        guard let number = intValue else { throw mismatch(type, self, path()) }
        guard let exact = T(exactly: number) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "Number \(number) does not fit in \(type)."))
        }
        return exact
    }
}

/// The error for a value of the wrong kind: `valueNotFound` for null, else `typeMismatch`.
private func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
    if value.isNull { return .valueNotFound(type, .init(codingPath: path, debugDescription: "Found null where \(type) was expected.")) }
    return .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found another kind of value."))
}

private struct TreeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(String, JSONValue)]
    let parent: TreeDecoder
    var codingPath: [any CodingKey] { parent.codingPath }

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.0) } }

    func contains(_ key: Key) -> Bool { lookup(key) != nil }

    private func lookup(_ key: Key) -> JSONValue? {
        let name = key.stringValue
        for member in members where member.0 == name { return member.1 }
        return nil
    }

    /// The member's value; `keyNotFound` when absent.
    private func value(_ key: Key) throws -> JSONValue {
        guard let value = lookup(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for key \"\(key.stringValue)\"."))
        }
        return value
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).bool(at: path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).string(at: path(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).double(at: path(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try value(key).double(at: path(key))) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).integer(type, at: path(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).integer(type, at: path(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).integer(type, at: path(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).integer(type, at: path(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).integer(type, at: path(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).integer(type, at: path(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).integer(type, at: path(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).integer(type, at: path(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).integer(type, at: path(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).integer(type, at: path(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try parent.child(try value(key), key).unwrap(type) }

    // One lookup for an optional member instead of `contains`, `decodeNil` and `decode`.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key)?.bool(at: path(key)) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key)?.string(at: path(key)) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key)?.double(at: path(key)) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key)?.integer(type, at: path(key)) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = present(key) else { return nil }
        return try parent.child(value, key).unwrap(type)
    }

    /// The member's value unless it is absent or null.
    private func present(_ key: Key) -> JSONValue? {
        guard let value = lookup(key), !value.isNull else { return nil }
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try parent.child(try value(key), key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try parent.child(try value(key), key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        parent.child(members.first { $0.0 == "super" }?.1 ?? .null, IndexKey(stringValue: "super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        parent.child(lookup(key) ?? .null, key)
    }
}

private struct TreeUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let parent: TreeDecoder
    private(set) var currentIndex = 0

    init(elements: [JSONValue], parent: TreeDecoder) {
        (self.elements, self.parent) = (elements, parent)
    }

    var codingPath: [any CodingKey] { parent.codingPath }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element's decoder; moves on only when decoding it succeeds.
    private func next(_ type: Any.Type) throws -> TreeDecoder {
        let key = IndexKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        return parent.child(elements[currentIndex], key)
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Any?.self).decodeNil() else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try next(type).unwrap(type)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try next(type).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try next([Any].self).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try next(Any.self)
        currentIndex += 1
        return decoder
    }
}

/// An array position (or `super`) in a coding path; small enough to sit in an existential
/// without a box of its own.
private enum IndexKey: CodingKey {
    case position(Int)
    case name(String)

    init(intValue: Int) { self = .position(intValue) }
    init(stringValue: String) { self = .name(stringValue) }

    var intValue: Int? {
        if case .position(let index) = self { return index }
        return nil
    }

    var stringValue: String {
        switch self {
        case .position(let index): "Index \(index)"
        case .name(let name): name
        }
    }
}
