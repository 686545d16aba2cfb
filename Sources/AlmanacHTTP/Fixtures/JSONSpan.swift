import AlmanacCore
import Foundation

/// Finds the raw bytes of one value inside a JSON document without building the document:
/// a recording's body is handed on exactly as stored, with no parse and re-encode.
enum JSONSpan {
    /// The raw value at `path` (object keys from the top), or nil when absent or malformed.
    static func value(at path: [String], in data: Data) -> Data? {
        data.withUnsafeBytes { raw -> Data? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            for key in path {
                guard let found = member(key, in: bytes, from: &index) else { return nil }
                index = found
            }
            let start = skipSpace(bytes, index)
            guard let end = skipValue(bytes, start) else { return nil }
            return Data(bytes[start..<end])
        }
    }

    /// The document with the array under the top-level member `key` cut to the elements whose
    /// string member `field` `keep` accepts (given the string's raw bytes, no quotes); elements
    /// without it stay. Every other byte is kept as stored. Nil when there is no such array or
    /// the document is malformed.
    static func filtering(_ key: String, by field: String, in data: Data, keep: ([UInt8]) -> Bool) -> Data? {
        data.withUnsafeBytes { raw -> Data? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            guard let start = member(key, in: bytes, from: &index), start < bytes.count, bytes[start] == UInt8(ascii: "["),
                let end = skipValue(bytes, start)
            else { return nil }
            var kept: [Range<Int>] = []
            var i = skipSpace(bytes, start + 1)
            while i < end - 1 {
                guard let elementEnd = skipValue(bytes, i) else { return nil }
                var at = i
                if let value = member(field, in: bytes, from: &at), value < bytes.count, bytes[value] == UInt8(ascii: "\""),
                    let valueEnd = skipString(bytes, value)
                {
                    if keep(Array(bytes[(value + 1)..<(valueEnd - 1)])) { kept.append(i..<elementEnd) }
                } else {
                    kept.append(i..<elementEnd)
                }
                i = skipSpace(bytes, elementEnd)
                if i < end - 1 {
                    guard bytes[i] == UInt8(ascii: ",") else { return nil }
                    i = skipSpace(bytes, i + 1)
                }
            }
            var result = Data(bytes[..<(start + 1)])
            for (number, range) in kept.enumerated() {
                if number > 0 { result.append(UInt8(ascii: ",")) }
                result.append(contentsOf: bytes[range])
            }
            result.append(contentsOf: bytes[(end - 1)...])
            return result
        }
    }

    /// Moves to the value of `key` in the object starting at `index`.
    private static func member(_ key: String, in bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Int? {
        var i = skipSpace(bytes, index)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        let wanted = Array(key.utf8)
        while true {
            i = skipSpace(bytes, i)
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            guard let keyEnd = skipString(bytes, i) else { return nil }
            let name = Array(bytes[(i + 1)..<(keyEnd - 1)])
            i = skipSpace(bytes, keyEnd)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            i = skipSpace(bytes, i + 1)
            if name == wanted { return i }
            guard let valueEnd = skipValue(bytes, i) else { return nil }
            i = skipSpace(bytes, valueEnd)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
            i += 1
        }
    }

    private static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
        var i = index
        while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
        return i
    }

    /// The index just past the string starting at `index` (a quote).
    private static func skipString(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
        var i = index + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i + 1
            default: i += 1
            }
        }
        return nil
    }

    /// The index just past the value starting at `index`.
    private static func skipValue(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return skipString(bytes, index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = index
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard let end = skipString(bytes, i) else { return nil }
                    i = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return nil
        default:
            var i = index
            while i < bytes.count, !",}] \n\r\t".utf8.contains(bytes[i]) { i += 1 }
            return i > index ? i : nil
        }
    }
}
