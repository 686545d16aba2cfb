import Foundation
import XCTest

@testable import AlmanacCore

/// The one reader's scanning and the one writer: what the cache, recordings and deal lines rely on.
final class JSONParserTests: XCTestCase {
    func testWrittenTextReadsBackAsTheSameValue() {
        let value = JSONValue.object([
            ("quote \" and \\ slash /", .string("tab\tline\nreturn\r bell\u{07} é 日本 🙂")),
            ("numbers", .array([.int(-12), .double(1.5), .double(1e21), .double(0.000_001), .bool(true), .null])),
            ("empty", .object([])),
        ])
        let text = value.encoded()
        XCTAssertEqual(JSONValue.parse(text), value)
        XCTAssertTrue(String(decoding: text, as: UTF8.self).contains(#""quote \" and \\ slash /""#), "slashes stay unescaped")
        XCTAssertTrue(String(decoding: text, as: UTF8.self).contains(#"\u0007"#))
        XCTAssertEqual(String(decoding: JSONValue.double(.infinity).encoded(), as: UTF8.self), "null")
    }

    func testSkippingChecksTheGrammarAsReadingDoes() {
        let good = [#"{"a":[1,{"b":"\"]}"}],"c":null}"#, "[]", "{}", #""x""#, "-0.5e3", "true"]
        let bad = [#"{"a":[1,}"#, #"{"a" 1}"#, "[1 2]", #"{"a":"#, "01", "tru", #""cut"#, "{,}", "[1,]"]
        for text in good { XCTAssertTrue(skips(text), text) }
        for text in bad { XCTAssertFalse(skips(text), text) }
        XCTAssertFalse(skips(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)), "deeper than the limit")
    }

    func testMembersAreFoundWithoutBuildingTheRest() {
        let data = Data(#"{"skip":{"body":"not this"},"body" : {"a":[1,"}"]} ,"after":2}"#.utf8)
        XCTAssertEqual(JSONSpan.value(at: ["body"], in: data).map { String(decoding: $0, as: UTF8.self) }, #"{"a":[1,"}"]}"#)
        XCTAssertEqual(JSONSpan.value(at: ["skip", "body"], in: data).map { String(decoding: $0, as: UTF8.self) }, #""not this""#)
        XCTAssertNil(JSONSpan.value(at: ["missing"], in: data))
    }

    func testSettingReplacesInPlaceOrAppends() {
        let value = JSONValue.object([("a", .int(1)), ("b", .int(2))])
        XCTAssertEqual(value.setting("a", to: .int(9)), .object([("a", .int(9)), ("b", .int(2))]))
        XCTAssertEqual(value.setting("c", to: .null), .object([("a", .int(1)), ("b", .int(2)), ("c", .null)]))
    }

    private func skips(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            var parser = JSONParser(bytes: bytes)
            guard parser.skipValue() else { return false }
            parser.skipSpace()
            return parser.atEnd
        }
    }
}
