import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacProviders

final class LenientTests: XCTestCase {
    private struct Row: Decodable { var price: LenientDouble }

    /// Numbers and numeric strings read the same through the program's decoder (which hands the
    /// value over directly) and Foundation's (through containers); anything else is refused.
    func testNumbersAndNumericStringsEitherWay() throws {
        let cases: [(String, Double?)] = [
            (#"{"price": 91234.5}"#, 91234.5), (#"{"price": 20}"#, 20), (#"{"price": "3456.78"}"#, 3456.78), (#"{"price": " 12.5 "}"#, 12.5),
            (#"{"price": "-0.25"}"#, -0.25), (#"{"price": "n/a"}"#, nil), (#"{"price": null}"#, nil), (#"{"price": true}"#, nil),
            (#"{"price": [1]}"#, nil),
        ]
        for (json, expected) in cases {
            let data = Data(json.utf8)
            let tree = try? JSONTreeDecoder().decode(Row.self, from: data).price.value
            let foundation = try? JSONDecoder().decode(Row.self, from: data).price.value
            XCTAssertEqual(tree, expected, json)
            XCTAssertEqual(foundation, expected, json)
        }
    }

    func testARefusedValueNamesItsPath() {
        XCTAssertThrowsError(try JSONTreeDecoder().decode(Row.self, from: Data(#"{"price": "n/a"}"#.utf8))) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["price"])
        }
    }
}
