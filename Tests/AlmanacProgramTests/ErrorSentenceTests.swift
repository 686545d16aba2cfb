import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import Crypto
@testable import Exams
@testable import FrontKit
@testable import Fruit
@testable import TerminalKit
@testable import TestHarness
@testable import Weather

/// Every typed input error has one plain sentence, the menu's, that never names a flag or a
/// command; the command line calls a typed number or date by its flag and adds to other sentences
/// the flag that does what they ask.
final class ErrorSentenceTests: XCTestCase {
    private let today = LocalDate("2026-11-21")!
    private let places = [
        City(name: "Saint Petersburg", region: nil, country: "Russia", latitude: 59.94, longitude: 30.31),
        City(name: "St. Petersburg", region: "Florida", country: "United States", latitude: 27.77, longitude: -82.64),
    ]

    private var everyInputError: [any Error] {
        let weather: [WeatherError] = [
            .noSavedCities, .noDefaultCity, .unknownSavedCity("Oslo", saved: ["Moscow"]), .notFound(query: "Atlantis"),
            .ambiguous(query: "Saint Petersburg", places: places), .choiceOutOfRange(choice: 3, count: 2, query: "Saint Petersburg"),
            .noneChosen,
        ]
        let numbers: [NumberInputError] = (NumberRule.all + NumberRule.deals).flatMap { [.outOfRange($0, "-1"), .notANumber($0, "abc")] }
        let dates: [DateInputError] = [
            .invalid(.from, "2026-13-01", today: today), .afterToday(.to, LocalDate("2026-11-30")!, today: today),
            .reversed(from: LocalDate("2026-11-10")!, to: LocalDate("2026-11-05")!),
        ]
        let fruit: [FruitError] = [.eatenInFuture(LocalDate("2026-11-30")!), .noLogEntry(9, logIsEmpty: false)]
        let others: [any Error] = [
            CryptoError.choiceOutOfRange(choice: 4, count: 2, query: "terra"), ExamError.pastDate("2026-11-01 09:00"),
            TransportError.timeout(host: "api.example", seconds: 10), TransportError.connectTimeout(host: "api.example", seconds: 2.5),
            PortfolioError.noPriceOn(symbol: "BTC/USD", date: today), PortfolioError.costAndPrice,
        ]
        return weather + numbers + dates + fruit + others
    }

    func testTheMenuNeverNamesAFlagOrACommand() {
        for error in everyInputError {
            let sentence = ErrorSentence.text(error, for: .menu)
            XCTAssertNil(sentence.range(of: #"--[a-z]"#, options: .regularExpression), sentence)
            XCTAssertFalse(sentence.contains("almanac "), sentence)
            XCTAssertTrue(sentence.hasSuffix("."), sentence)
        }
    }

    func testTheCommandLineNamesItsFlags() {
        let expected: [(any Error, String)] = [
            (NumberInputError.outOfRange(.days, "30"), "--days must be from 1 to 25, not 30."),
            (NumberInputError.outOfRange(.hours, "49"), "--hours must be from 1 to 48, not 49."),
            (NumberInputError.outOfRange(.units, "-1"), "The amount must be more than 0, not -1."),
            (
                WeatherError.ambiguous(query: "Saint Petersburg", places: places),
                "Several places match \"Saint Petersburg\": 1) Saint Petersburg, Russia (59.94°N 30.31°E); "
                    + "2) St. Petersburg, Florida, United States (27.77°N 82.64°W). Choose one by its number (--pick N)."
            ),
            (WeatherError.noSavedCities, "No saved cities yet; add a city first (almanac weather add NAME)."),
            (DateInputError.reversed(from: LocalDate("2026-11-10")!, to: LocalDate("2026-11-05")!), "--from 2026-11-10 is after --to 2026-11-05."),
            (CryptoError.choiceOutOfRange(choice: 4, count: 2, query: "terra"), "There is no pair 4: 2 pairs match \"terra\" (--pick 1 to 2)."),
            (NumberInputError.outOfRange(.grams, "0"), "--amount must be more than 0 and at most 5000 grams, not 0."),
            (NumberInputError.notANumber(.timeout, "soon"), "--timeout must be a number more than 0 and at most 600 seconds, not \"soon\"."),
            (
                ExamError.pastDate("2026-11-01 09:00"),
                "2026-11-01 09:00 is in the past; a new pending exam needs a future date, or to be filed as passed (--passed)."
            ),
            (
                TransportError.timeout(host: "api.example", seconds: 10),
                "api.example did not answer within 10 s; try again or allow a longer time-out (--timeout SECONDS)."
            ),
            (
                PortfolioError.noPriceOn(symbol: "BTC/USD", date: today),
                "No price for BTC/USD on 2026-11-21 to take the cost from; give the total cost or the price per unit (--cost TOTAL or --price PER-UNIT)."
            ),
            (FileError.exists("/tmp/deals.csv"), "/tmp/deals.csv already exists; nothing was written (--force replaces it)."),
        ]
        for (error, sentence) in expected { XCTAssertEqual(ErrorSentence.text(error, for: .commandLine), sentence) }
        XCTAssertEqual(ErrorSentence.text(FileError.exists("/tmp/deals.csv"), for: .menu), "/tmp/deals.csv already exists; nothing was written.")
    }

    func testTheMenuSaysTheSameThingInPlainWords() {
        XCTAssertEqual(
            ErrorSentence.text(NumberInputError.outOfRange(.days, "30"), for: .menu),
            "The number of days must be from 1 to 25, not 30.")
        XCTAssertEqual(
            ErrorSentence.text(DateInputError.invalid(.from, "2026-13-01", today: today), for: .menu),
            "The start date must be a real date as YYYY-MM-DD, today or yesterday, not \"2026-13-01\".")
        XCTAssertEqual(
            ErrorSentence.text(CryptoError.choiceOutOfRange(choice: 4, count: 2, query: "terra"), for: .menu),
            "There is no pair 4: 2 pairs match \"terra\".")
        // Worded once: an error's own description is the menu's sentence, not a second wording.
        for error in everyInputError {
            XCTAssertEqual(String(describing: error), ErrorSentence.text(error, for: .menu))
        }
    }

    func testTheCommandLineAddsOnlyAHint() {
        for error in everyInputError where !(error is NumberInputError || error is DateInputError) {
            let plain = ErrorSentence.text(error, for: .menu)
            let said = ErrorSentence.text(error, for: .commandLine)
            XCTAssertTrue(said == plain || said.hasPrefix(plain.dropLast() + " ("), "\(plain) / \(said)")
        }
        let offline = SampleDataError(covered: ["Moscow"], keys: [], subject: "live data", reason: .offline)
        XCTAssertEqual(
            ErrorSentence.text(offline, for: .commandLine),
            "The sample data covers Moscow; working offline keeps to the cache and the sample data (--offline; see almanac doctor).")
    }

    func testEveryInputErrorExitsWithTheUsageCode() {
        for error in everyInputError where !(error is TransportError) { XCTAssertEqual(ExitStatus.code(for: error), ExitStatus.usage, "\(error)") }
        XCTAssertEqual(ExitStatus.code(for: TransportError.timeout(host: "h", seconds: 1)), ExitStatus.unavailable)
    }

    func testARequestTheSamplesDoNotAnswerExitsUnavailable() {
        let error = SampleDataError(covered: ["Moscow"], keys: [], subject: "live data", reason: .offline, request: "openweather GET /x")
        XCTAssertEqual(ExitStatus.code(for: error), 69)
    }
}
