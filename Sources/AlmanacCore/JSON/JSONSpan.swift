import Foundation

/// Values of a JSON document taken as stored, without building the document: a recording's body
/// is handed on byte for byte, and a recorded history cut to a range of days. Built on
/// `JSONParser`'s scanning (docs/architecture.md §6).
package enum JSONSpan {
    /// The raw value at `path` (object keys from the top), or nil when absent or malformed.
    package static func value(at path: [String], in data: Data) -> Data? {
        data.withUnsafeBytes { raw -> Data? in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            for key in path {
                guard parser.enterMember(key) else { return nil }
            }
            return parser.span().map { Data(parser.bytes[$0]) }
        }
    }

    /// The document with the array under the top-level member `key` cut to the elements whose
    /// string member `field` `keep` accepts (given the string's raw bytes, no quotes); elements
    /// without it stay. Every other byte is kept as stored. Nil when there is no such array or
    /// the document is malformed.
    package static func filtering(_ key: String, by field: String, in data: Data, keep: ([UInt8]) -> Bool) -> Data? {
        data.withUnsafeBytes { raw -> Data? in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            guard parser.enterMember(key), !parser.atEnd, parser.bytes[parser.index] == UInt8(ascii: "[") else { return nil }
            let open = parser.index
            guard let kept = keptElements(&parser, field: field, keep: keep) else { return nil }
            var result = Data(parser.bytes[..<(open + 1)])
            for (number, range) in kept.enumerated() {
                if number > 0 { result.append(UInt8(ascii: ",")) }
                result.append(contentsOf: parser.bytes[range])
            }
            result.append(contentsOf: parser.bytes[(parser.index - 1)...])
            return result
        }
    }

    /// The ranges of the array's elements to keep; the parser ends past the closing bracket.
    private static func keptElements(_ parser: inout JSONParser, field: String, keep: ([UInt8]) -> Bool) -> [Range<Int>]? {
        _ = parser.consume(UInt8(ascii: "["))
        parser.skipSpace()
        if parser.consume(UInt8(ascii: "]")) { return [] }
        var kept: [Range<Int>] = []
        repeat {
            guard let element = parser.span() else { return nil }
            if let text = stringMember(field, of: element, in: parser.bytes) {
                if keep(text) { kept.append(element) }
            } else {
                kept.append(element)
            }
            parser.skipSpace()
        } while parser.consume(UInt8(ascii: ","))
        return parser.consume(UInt8(ascii: "]")) ? kept : nil
    }

    /// The raw bytes of the string member `field` of the object in `range`; nil when absent.
    private static func stringMember(_ field: String, of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var element = JSONParser(bytes: bytes)
        element.index = range.lowerBound
        guard element.enterMember(field), let value = element.span(), bytes[value.lowerBound] == UInt8(ascii: "\"") else { return nil }
        return Array(bytes[(value.lowerBound + 1)..<(value.upperBound - 1)])
    }
}
