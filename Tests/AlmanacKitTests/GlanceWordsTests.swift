import ArgumentParser
import XCTest

@testable import almanac

/// A glance's words read without the parser (`GlanceWords`) say what the parser reads from
/// them, and every other shape is left to the parser (docs/architecture.md §5, "A glance").
final class GlanceWordsTests: XCTestCase {
    /// What the parser reads from `arguments`, as glance words; nil when it is no glance.
    private func parsed(_ arguments: [String]) throws -> GlanceWords? {
        switch try Almanac.parseAsRoot(arguments) {
        case let current as WeatherCommand.Current where current.format != "full":
            return GlanceWords(
                glance: .weather(places: current.places, pick: current.pick, format: current.format), waybar: current.waybar,
                settings: current.global.settings)
        case let line as LineCommand:
            return GlanceWords(
                glance: .line(template: line.template, place: line.place, pair: line.pair), waybar: line.waybar, settings: line.global.settings)
        default:
            return nil
        }
    }

    func testTheSameWordsReadTheSameWithAndWithoutTheParser() throws {
        let glances: [[String]] = [
            ["weather", "Moscow", "--format", "3"],
            ["weather", "--format", "%l: %c %t"],
            ["weather", "Oslo", "55.75,37.61", "--format=line", "--waybar"],
            ["weather", "--offline", "Springfield", "--pick", "2", "--format", "1", "--json"],
            ["weather", "--format", "4", "--max-age", "0", "--timeout", "2.5", "-v", "--no-color", "--refresh", "--no-wait"],
            ["line", "%c %t · %e", "--place", "Moscow"],
            ["line", "3", "--pair=BTC", "--waybar", "--offline"],
            ["line", "--timeout", "1", "%y %k %K", "--json"],
        ]
        for words in glances {
            let fast = GlanceWords(words)
            XCTAssertNotNil(fast, "\(words) is a glance the fast reading takes")
            XCTAssertEqual(fast, try parsed(words), "\(words)")
        }
    }

    func testEveryOtherShapeIsLeftToTheParser() {
        let others: [[String]] = [
            ["weather", "Moscow"],
            ["weather", "Moscow", "--format", "full"],
            ["weather", "forecast", "--format", "3"],
            ["weather", "now", "--format", "3"],
            ["weather", "--format", "%q"],
            ["weather", "--format", "3", "--format", "4"],
            ["weather", "--format", "3", "--help"],
            ["weather", "--format", "3", "--timeout", "0"],
            ["weather", "--format", "3", "--max-age", "-1"],
            ["weather", "--format", "3", "--pick", "two"],
            ["weather", "--format", "3", "--days", "2"],
            ["weather", "--format", "3", "--", "Oslo"],
            ["weather", "--format"],
            ["line"],
            ["line", "%t", "%c"],
            ["line", "%t", "--place", " "],
            ["line", "%t", "--format", "3"],
            ["crypto", "--format", "3"],
            [],
        ]
        for words in others { XCTAssertNil(GlanceWords(words), "\(words)") }
    }
}
