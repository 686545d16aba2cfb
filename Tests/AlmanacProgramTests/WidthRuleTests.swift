import XCTest

@testable import TerminalKit
@testable import TestHarness

/// The width rule, views × widths: every text view fits `COLUMNS` at 40, 60, 80 and 120 columns
/// — whole columns left out in each view's stated order, sentences wrapped between words — and
/// keeps the figures that carry its meaning.
final class WidthRuleTests: XCTestCase {
    static let widths = [40, 60, 80, 120]
    /// Each view, and a text every width must still show (a number, not a cut word).
    static let views: [(arguments: [String], keeps: String)] = [
        (["weather", "Oslo"], "°C"),
        (["weather", "forecast", "Oslo"], "°C"),
        (["weather", "forecast", "Oslo", "--days", "25"], "°C"),
        (["weather", "hourly", "Oslo"], "°C"),
        (["weather", "day", "Oslo"], "°C"),
        (["weather", "rain", "Oslo"], "Oslo"),
        (["weather", "air", "Oslo"], "µg/m³"),
        (["weather", "cities"], "Oslo"),
        (["deals", "top", "--count", "2000", "--limit", "5"], "2,000 deals"),
        (["deals", "group", "--count", "2000"], "groups of 2,000 deals"),
        (["crypto"], "BTC/USD"),
        (["fruit", "list"], "Banana"),
        (["exams"], "Linear algebra"),
    ]

    func testEveryViewFitsEveryWidth() throws {
        let home = try makeTemporaryFolder(self)
        let sample = ["ALMANAC_OFFLINE": "1", "ALMANAC_TODAY": "2026-11-26"]
        XCTAssertEqual(try runAlmanac(["weather", "add", "Oslo"], home: home, environment: sample).status, 0)
        XCTAssertEqual(try runAlmanac(["exams", "add", "Linear algebra", "--date", "2026-12-03 09:30"], home: home, environment: sample).status, 0)
        for view in Self.views {
            for width in Self.widths {
                let run = try runAlmanac(view.arguments, home: home, environment: sample.merging(["COLUMNS": "\(width)"]) { a, _ in a })
                let name = "\(view.arguments.joined(separator: " ")) at \(width)"
                XCTAssertEqual(run.status, 0, "\(name): \(run.err)")
                for line in run.out.split(separator: "\n") {
                    XCTAssertLessThanOrEqual(Style.width(String(line)), width, "\(name): \(line)")
                }
                XCTAssertTrue(run.out.contains(view.keeps), "\(name) lost \(view.keeps): \(run.out)")
            }
        }
    }
}
