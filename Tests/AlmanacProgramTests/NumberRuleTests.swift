import Foundation
import XCTest

@testable import TestHarness

/// The number rule in every text view: a negative number is written with the Unicode minus
/// (`−1.90%`, `−54,382.75`, `−5°C`), never a hyphen. Every command's text output on the sample
/// data, a loss in the portfolio included.
final class NumberRuleTests: XCTestCase {
    static let views: [[String]] = [
        ["weather", "Moscow"], ["weather", "forecast", "Moscow", "--days", "25"], ["weather", "hourly", "Moscow"],
        ["weather", "day", "Moscow"], ["weather", "rain", "Oslo"], ["weather", "air", "Oslo"], ["weather", "warnings", "Oslo"],
        ["weather", "cities"], ["crypto"], ["crypto", "portfolio"], ["crypto", "history", "BTC"], ["crypto", "usage"],
        ["fruit", "list"], ["fruit", "show", "banana"], ["exams"], ["deals", "top", "--count", "2000", "--limit", "5"],
        ["deals", "group", "--count", "2000"], ["line", "%t %y %k", "--place", "Moscow", "--pair", "BTC"],
    ]

    func testANegativeIsWrittenWithTheMinusSignEverywhere() throws {
        let home = try makeTemporaryFolder(self)
        let sample = ["ALMANAC_OFFLINE": "1", "ALMANAC_TODAY": "2026-11-20"]
        for setup in [["weather", "add", "Moscow"], ["crypto", "portfolio", "add", "BTC", "1", "--cost", "150000"]] {
            XCTAssertEqual(try runAlmanac(setup, home: home, environment: sample).status, 0, "\(setup)")
        }
        var losses = 0
        for view in Self.views {
            let run = try runAlmanac(view, home: home, environment: sample)
            XCTAssertEqual(run.status, 0, "\(view): \(run.err)")
            // A hyphen before a digit with no letter or digit before it: `-58,765.50`, ` -3°C`.
            if let hyphen = run.out.range(of: #"(?<![\p{L}\p{N}/:._-])-\d"#, options: .regularExpression) {
                let line = run.out[..<hyphen.upperBound].split(separator: "\n").last.map(String.init) ?? ""
                XCTFail("\(view): a hyphen for a minus in \(line)")
            }
            if run.out.contains("−") { losses += 1 }
        }
        XCTAssertGreaterThan(losses, 3, "the views show negatives, with the minus sign")
    }
}
