import Foundation
import XCTest

@testable import AlmanacProgram
@testable import TerminalKit
@testable import TestHarness

/// On a narrow terminal a sentence wraps and a table leaves out whole columns, the least needed
/// first: nothing is cut mid-date, mid-number or mid-name.
final class NarrowTerminalTests: XCTestCase {
    private let timestamp = #"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"#

    func testDealsTopAt40ColumnsKeepsWholeDates() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(
            ["deals", "top", "--count", "1000", "--limit", "3"], home: home, environment: ["COLUMNS": "40", "ALMANAC_TODAY": "2026-11-26"])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.allSatisfy { Style.width($0) <= 40 }, result.out)
        XCTAssertFalse(result.out.contains("…"), result.out)
        XCTAssertEqual(lines.filter { $0.range(of: timestamp, options: .regularExpression) != nil }.count, 3, result.out)
    }

    func testTheFruitTableAt60ColumnsDropsColumnsNotNames() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["fruit", "list", "--offline"], home: home, environment: ["COLUMNS": "60"])
        XCTAssertEqual(result.status, 0, result.err)
        let table = result.out.split(separator: "\n").prefix { !$0.hasPrefix("Source") }
        XCTAssertTrue(table.allSatisfy { Style.width(String($0)) <= 60 }, result.out)
        XCTAssertTrue(result.out.contains("Strawberry") && result.out.contains("Pineapple"), result.out)
        XCTAssertFalse(result.out.contains("…"), "no name cut: \(result.out)")
        XCTAssertTrue(table.first?.contains("kcal") == true && table.first?.contains("Sugar g") == true, "kcal and sugar stay")
    }
}
