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

    /// In a real terminal (tmux): the app at 60×20, then 80×24, then 60×20 again, and `deals
    /// top` at 40 columns: no line wider than the window, no sentence or number cut.
    func testInATerminalAt60x20And80x24NothingIsCut() throws {
        try requireTmux()
        let home = try makeTemporaryFolder(self)
        let screens = steps(try runScript("narrow-in-tmux.sh", home: home))
        XCTAssertEqual(screens.count, 5, "\(screens.keys)")
        for (name, screen) in screens {
            let limit = name.hasSuffix("40") ? 40 : name.hasSuffix("80") ? 80 : 60
            for line in screen.split(separator: "\n") { XCTAssertLessThanOrEqual(Style.width(String(line)), limit, "\(name): \(line)") }
            XCTAssertFalse(screen.contains("…"), "\(name): nothing cut: \(screen)")
        }
        let totals = screens["deals-60"]?.split(separator: "\n").first { $0.hasPrefix("bought") }.map(String.init) ?? ""
        XCTAssertNotNil(totals.range(of: #"^bought [\d,]+ in [\d,]+ deals( · sold [\d,]+ in [\d,]+)?$"#, options: .regularExpression), totals)
        for name in ["fruit-60", "fruit-back-60"] {
            let fruit = screens[name] ?? ""
            XCTAssertTrue(["Strawberry", "Pineapple", "Raspberry", "kcal", "Sugar g"].allSatisfy(fruit.contains), "\(name): \(fruit)")
        }
        XCTAssertTrue(screens["fruit-80"]?.contains("Genus") == true, screens["fruit-80"] ?? "")
        let top = screens["deals-top-40"] ?? ""
        XCTAssertEqual(top.split(separator: "\n").filter { $0.range(of: timestamp, options: .regularExpression) != nil }.count, 3, top)
        // The progress line is cleared once the stream ends: the table's heading says the count.
        XCTAssertTrue(top.contains("1,000 deals, sorted by") && !top.contains("Receiving deals") && !top.contains("\n#"), top)
        XCTAssertTrue(top.contains("EXIT=0"), top)
    }
}
