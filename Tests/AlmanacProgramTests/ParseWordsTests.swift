import Foundation
import XCTest

@testable import AlmanacProgram

/// What the program says of arguments the parser refused, judged by reading them again — never
/// by the parser's words.
final class ParseWordsTests: XCTestCase {
    private func sentence(_ arguments: [String]) -> String? {
        ParseWords.sentence(forRefused: arguments) { (try? Main.parse($0)) != nil }
    }

    func testAWordWhereACommandIsExpectedIsAMisspeltCommandOnlyWhenTheRestParses() {
        XCTAssertEqual(sentence(["wether"]), "no such command: wether; did you mean weather?")
        XCTAssertEqual(sentence(["crypto", "histry", "BTC"]), "no such command: crypto histry; did you mean history?")
        XCTAssertEqual(sentence(["exams", "cancle", "1"]), "no such command: exams cancle; see almanac exams --help.")
        // A place and a bad option: the option is what is wrong, so the parser's own words stand.
        XCTAssertNil(sentence(["weather", "Oslo", "--bogus"]))
        XCTAssertNil(sentence(["crypto", "--bogus"]))
        // A place the default subcommand takes and its rule refuses is no command.
        XCTAssertNil(sentence(["weather", "\u{2212}95,10"]))
        // Arguments that parse failed in the run, which said why itself ("no exam -3").
        XCTAssertNil(sentence(["exams", "pass", "-3"]))
    }

    func testALooseNegativeNumberIsNamedAsOneAndAnOptionsValueIsLeftToItsRule() {
        XCTAssertNil(sentence(["weather", "forecast", "Moscow", "--days", "-1"]), "--days' own rule says it")
        XCTAssertEqual(
            ParseWords.negativesAsArguments(["crypto", "portfolio", "add", "ETH", "-1"]), ["crypto", "portfolio", "add", "ETH", "--", "-1"])
        XCTAssertNil(ParseWords.negativesAsArguments(["weather", "forecast", "--days", "-1"]), "taken by --days")
    }
}
