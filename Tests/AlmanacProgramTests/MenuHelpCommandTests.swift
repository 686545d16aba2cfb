import AlmanacClient
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import CryptoFront
@testable import DealsFront
@testable import ExamsFront
@testable import FrontKit
@testable import FruitFront
@testable import ProfileFront
@testable import TerminalKit
@testable import TestHarness
@testable import WeatherFront

/// Every "Same as: almanac …" line in the menu's help names a command the real argument parser
/// accepts, so the menu never teaches a command that does not exist.
final class MenuHelpCommandTests: XCTestCase {
    private func screens() throws -> [any MenuScreen] {
        let home = try makeTemporaryFolder(self)
        let configuration = makeConfiguration(home: home)
        let app = AppContext(configuration: configuration, console: .silent, client: DataClient.standard(configuration, console: .silent))
        let context = FrontContext(app: app, style: Style(enabled: false), json: false, interactive: false)
        return [
            CryptoScreen(context: context), WeatherScreen(context: context), FruitsScreen(context: context), ExamsScreen(context: context),
            DealsScreen(context: context), ProfileScreen(context: context), PortfolioScreen(context: context), AlertsScreen(context: context),
        ]
    }

    /// The commands in a help line: after "Same as: ", separated by ", " or ", then "; `…` and
    /// a placeholder in capitals become sample values.
    static func commands(in line: String) -> [[String]] {
        guard let range = line.range(of: "Same as: ") else { return [] }
        let text = String(line[range.upperBound...])
        return text.components(separatedBy: ", ").map { $0.hasPrefix("then ") ? String($0.dropFirst(5)) : $0 }.map { command in
            words(command).dropFirst().map { word in
                switch word {
                case "…": "2026-12-01 10:00"
                case "NAME": "Oslo"
                default: word
                }
            }
        }
    }

    /// Words as a shell splits them: spaces, double quotes kept together.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
            } else if character == " ", !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    func testEverySameAsLineParses() throws {
        var checked = 0
        for screen in try screens() {
            for line in screen.help where line.contains("Same as: ") {
                for arguments in Self.commands(in: line) {
                    XCTAssertNoThrow(try AlmanacCommand.parseAsRoot(arguments), "\(screen.title): almanac \(arguments.joined(separator: " "))")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 23, "every Same as line was found")
        XCTAssertThrowsError(try AlmanacCommand.parseAsRoot(["crypto", "histroy", "BTC"]), "a misspelt command would be caught")
    }
}
