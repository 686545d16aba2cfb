import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP

/// The reader every command uses for provider bodies, cache entries, documents and manifests:
/// it must accept exactly what `JSONDecoder` accepts and fail with the same coding paths.
final class JSONTreeDecoderTests: XCTestCase {
    private struct Sample: Decodable, Equatable {
        struct Inner: Decodable, Equatable {
            var name: String
            var value: Double
        }
        var id: Int
        var title: String?
        var tags: [String]
        var inner: [Inner]
        var flag: Bool
        var extra: [String: Int]?
    }

    private let document = #"""
        {"id": 7, "title": "caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \n", "tags": ["a", "b"],
         "inner": [{"name": "x", "value": 1}, {"name": "y", "value": -2.5e2}],
         "flag": true, "extra": {"k": 3}, "ignored": [null, {}, []]}
        """#

    func testDecodesWhatJSONDecoderDecodes() throws {
        let data = Data(document.utf8)
        let fast = try JSONTreeDecoder().decode(Sample.self, from: data)
        XCTAssertEqual(fast, try JSONDecoder().decode(Sample.self, from: data))
        XCTAssertEqual(fast.title, "café 😀 \"q\" \\ / \n")
        XCTAssertEqual(fast.inner[1].value, -250)
    }

    func testEveryRecordedFixtureBodyDecodesTheSame() throws {
        // A tree of every recording: the two readers agree on the whole shipped set.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures").standardized
        let files = FileManager.default.enumerator(atPath: folder.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThan(files.count, 40)
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let foundation = try JSONSerialization.jsonObject(with: data)
            guard let tree = JSONValue.parse(data) else { return XCTFail("\(file) did not parse") }
            XCTAssertTrue(same(tree, foundation), file)
        }
    }

    func testErrorsNameTheSameCodingPathAsJSONDecoder() {
        let cases = [
            #"{"id": 1, "tags": [], "inner": [{"name": "x"}], "flag": true}"#,  // missing key
            #"{"id": "1", "tags": [], "inner": [], "flag": true}"#,  // string for a number
            #"{"id": 1, "tags": [], "inner": [{"name": "x", "value": null}], "flag": true}"#,  // null
            #"{"id": 1, "tags": [1], "inner": [], "flag": true}"#,  // number for a string
        ]
        for text in cases {
            let data = Data(text.utf8)
            let expected = describe { try JSONDecoder().decode(Sample.self, from: data) }
            let actual = describe { try JSONTreeDecoder().decode(Sample.self, from: data) }
            XCTAssertEqual(actual, expected, text)
            XCTAssertNotEqual(actual, "decoded", text)
        }
    }

    /// Columns of numbers and texts are read in one pass; what is not one fails at its index.
    func testColumnsReadInOnePassAsJSONDecoderReadsThem() throws {
        struct Columns: Decodable, Equatable {
            var chances: [Double?]
            var values: [Double]
            var days: [String]
        }
        let good = Data(#"{"chances": [1, null, 2.5, -0.0], "values": [3, 4.25], "days": ["2026-11-20", "\u001b[31mx"]}"#.utf8)
        let read = try JSONTreeDecoder().decode(Columns.self, from: good)
        XCTAssertEqual(read.chances, try JSONDecoder().decode(Columns.self, from: good).chances)
        XCTAssertEqual(read.values, [3, 4.25])
        XCTAssertFalse(read.days[1].contains("\u{1b}"), "text stays inert in a column too")
        let bad = [
            #"{"chances": [1, "2"], "values": [], "days": []}"#, #"{"chances": [], "values": [1, null], "days": []}"#,
            #"{"chances": [], "values": [], "days": ["a", 3]}"#,
        ]
        for text in bad {
            let data = Data(text.utf8)
            XCTAssertEqual(
                describe { try JSONTreeDecoder().decode(Columns.self, from: data) }, describe { try JSONDecoder().decode(Columns.self, from: data) })
        }
    }

    func testAFractionForAnIntegerNamesItsPath() {
        // JSONDecoder reports this one with an empty path ("not valid JSON"); the path is more use.
        let data = Data(#"{"id": 1.5, "tags": [], "inner": [], "flag": true}"#.utf8)
        XCTAssertEqual(describe { try JSONTreeDecoder().decode(Sample.self, from: data) }, "`id` is not a Int")
        XCTAssertEqual(try JSONTreeDecoder().decode(Int.self, from: Data("2.0".utf8)), 2)
    }

    func testRefusesWhatIsNotJSON() {
        let bad = [
            "", "{", "[1,]", "{\"a\":1,}", "{'a':1}", "01", "1.", "-", "1e", "+1", "tru", "nul", "\"\\x\"", "\"\u{01}\"",
            "\"\\ud83d\"", "[1] x", "{\"a\" 1}", "NaN", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        ]
        for text in bad { XCTAssertNil(JSONValue.parse(Data(text.utf8)), text) }
        XCTAssertNil(JSONValue.parse(Data([0x22, 0xFF, 0x22])), "invalid UTF-8 in a string")
        XCTAssertEqual(
            JSONValue.parse(Data(" [0, -0.5, 1E2, 12345678901234567890] ".utf8)),
            .array([.int(0), .double(-0.5), .double(100), .double(1.2345678901234567e19)]))
    }

    func testISO8601DatesForStoredDocuments() throws {
        struct Stamped: Decodable { var at: Date }
        let data = Data(#"{"at": "2026-11-20T08:30:00Z"}"#.utf8)
        XCTAssertEqual(
            try JSONTreeDecoder(iso8601Dates: true).decode(Stamped.self, from: data).at,
            try JSONDecoder.almanac.decode(Stamped.self, from: data).at)
        XCTAssertThrowsError(try JSONTreeDecoder().decode(Stamped.self, from: data))
    }

    // MARK: - Helpers

    private func describe<T>(_ body: () throws -> T) -> String {
        do {
            _ = try body()
            return "decoded"
        } catch let error as DecodingError {
            return JSONDecoding.describe(error)
        } catch {
            return "\(error)"
        }
    }

    private func same(_ tree: JSONValue, _ object: Any) -> Bool {
        switch tree {
        case .null: return object is NSNull
        case .bool(let flag): return (object as? Bool) == flag
        case .int(let number): return (object as? NSNumber)?.int64Value == Int64(number)
        case .double(let number): return (object as? NSNumber).map { abs($0.doubleValue - number) <= abs(number) * 1e-15 } ?? false
        case .string(let text): return (object as? String) == text
        case .array(let elements):
            guard let array = object as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let dictionary = object as? [String: Any], dictionary.count == members.count else { return false }
            return members.allSatisfy { key, value in dictionary[key].map { same(value, $0) } ?? false }
        }
    }
}

extension JSONDecoder {
    /// Foundation's decoder with the tree decoder's date strategy: the yardstick these tests compare with.
    static var almanac: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
