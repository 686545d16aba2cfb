import AlmanacCore
import ArgumentParser
import XCTest

@testable import FrontKit

/// The command line's typed inputs: the parser takes any text, and the kind's rule refuses in the
/// program's own sentence when the command validates.
final class TypedInputTests: XCTestCase {
    private enum Size: String, OptionWord {
        case small, medium, large
        static let flag = "--size"
        static let anyCase = true
    }

    private enum Tone: String, OptionWord {
        case on, off
        static let flag = "--tone"
    }

    func testAWordOutsideTheSetGetsTheSetsSentence() throws {
        XCTAssertEqual(try Picked<Size>(argument: "LARGE")?.value(), .large, "read in any case")
        XCTAssertThrowsError(try Picked<Tone>(argument: "ON")?.value()) { error in
            XCTAssertEqual("\(error)", "--tone must be on or off, not \"ON\".")
        }
        XCTAssertThrowsError(try Picked<Size>(argument: "huge")?.value()) { error in
            XCTAssertEqual("\(error)", "--size must be small, medium or large, not \"huge\".")
        }
        XCTAssertEqual(Picked<Size>.allValueStrings, ["small", "medium", "large"], "the words completions offer")
        XCTAssertEqual(Picked(Size.medium).defaultValueDescription, "medium")
    }

    func testANumberIsReadByItsRule() throws {
        XCTAssertEqual(try TypedNumber<DaysNumber>(argument: "12")?.whole(), 12)
        XCTAssertEqual(TypedNumber<DaysNumber>(7).defaultValueDescription, "7")
        for (text, sentence) in [
            ("abc", "--days must be a number from 1 to 25, not \"abc\"."), ("1.5", "--days must be a number from 1 to 25, not \"1.5\"."),
            ("99", "--days must be from 1 to 25, not 99."),
        ] {
            XCTAssertThrowsError(try TypedNumber<DaysNumber>(argument: text)?.whole(), text) { error in
                XCTAssertEqual(ErrorSentence.text(error, for: .commandLine), sentence)
            }
        }
        XCTAssertEqual(try TypedNumber<TimeoutNumber>(argument: "2.5")?.value(), 2.5)
        for text in ["1.2.3", "5-", "1e3"] {
            XCTAssertThrowsError(try TypedNumber<TimeoutNumber>(argument: text)?.value(), "\(text) is not one number as a person types it")
        }
    }
}
