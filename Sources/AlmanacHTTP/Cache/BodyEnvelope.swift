import AlmanacCore
import Foundation

/// How a response body sits inside a JSON envelope — a cache entry (`CacheEntry`) or a
/// recording (`Recording`): spliced in byte for byte under `body` when it is JSON, else as a
/// string under `bodyText`. The one writer and the one reader of that member.
package enum BodyEnvelope {
    package static let jsonName = "body"
    package static let textName = "bodyText"

    /// `"body":<the body as sent>` or `"bodyText":"<the body as a JSON string>"`.
    package static func member(_ body: Data) -> Data {
        if isJSON(body) { return name(jsonName) + body }
        return name(textName) + JSONValue.string(String(decoding: body, as: UTF8.self)).encoded()
    }

    /// A member's name and its colon, written by the JSON writer.
    private static func name(_ name: String) -> Data { JSONValue.string(name).encoded() + Data(":".utf8) }

    /// Whether `body` is one whole JSON value (checked without building it).
    static func isJSON(_ body: Data) -> Bool {
        body.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            guard parser.skipValue() else { return false }
            parser.skipSpace()
            return parser.atEnd
        }
    }

    /// Reads the envelope object at the parser's position: every other member built, the body
    /// taken as stored (`body`) or decoded from its string (`bodyText`); empty when neither.
    /// Nil when the object is malformed. The parser ends past the object.
    package static func read(_ parser: inout JSONParser) -> (fields: JSONValue, body: Data)? {
        var fields: [(String, JSONValue)] = []
        var body = Data()
        let complete = parser.forEachMember { name, parser in
            let key = String(decoding: name, as: UTF8.self)
            if key == jsonName {
                guard let range = parser.span() else { return false }
                body = Data(parser.bytes[range])
                return true
            }
            guard let value = parser.value() else { return false }
            if key == textName, let text = value.stringValue { body = Data(text.utf8) }
            fields.append((key, value))
            return true
        }
        return complete ? (.object(fields), body) : nil
    }
}
