import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

/// The front ends that show errors to a person.
package enum FrontEnd: Sendable, Equatable {
    /// Subcommands: sentences may name flags (`--pick`) and commands (`almanac weather add`).
    case commandLine
    /// The menu session and the full-screen app: plain words only.
    case menu
}

/// The one sentence a front end shows for an error. The library's typed errors describe
/// themselves in plain words; the command line words those about input with its own flags.
package enum ErrorSentence {
    package static func text(_ error: any Error, for frontEnd: FrontEnd) -> String {
        if frontEnd == .commandLine, let sentence = commandLine(error) { return sentence }
        return ErrorText.describe(error)
    }

    /// The command line's wording, or nil to use the plain one.
    static func commandLine(_ error: any Error) -> String? {
        switch error {
        case is CancellationError: "interrupted"
        case let error as WeatherError: weather(error)
        case let error as DateInputError: date(error)
        case let error as CryptoError: crypto(error)
        case let error as FruitError: fruit(error)
        case let error as ExamError: exam(error)
        case let error as TransportError: transport(error)
        case let error as SampleDataError: error.sentence(seeAlso: "almanac doctor", tail: sampleTail(error))
        case let error as PortfolioError: portfolio(error)
        case let error as NumberInputError: error.rule.flag.map(error.sentence(naming:))
        case FileError.exists(let path): "\(path) already exists; nothing was written (--force replaces it)."
        default: nil
        }
    }

    private static func portfolio(_ error: PortfolioError) -> String? {
        switch error {
        case .noPriceOn(let symbol, let date):
            "No price for \(symbol) on \(date) to take the cost from; give it with --cost TOTAL or --price PER-UNIT."
        case .costAndPrice: "Give --cost or --price, not both."
        default: nil
        }
    }

    private static func weather(_ error: WeatherError) -> String? {
        switch error {
        case .noSavedCities: "No saved cities yet. Add one with: almanac weather add NAME"
        case .noDefaultCity: "No saved city. Add one with: almanac weather add NAME (or name a city: almanac weather Moscow)"
        case .ambiguous(let query, let places): "Several places match \"\(query)\": \(WeatherError.list(places)). Choose one with --pick N."
        case .choiceOutOfRange(let choice, let count, let query):
            "--pick \(choice) is out of range: \(count) \(count == 1 ? "place matches" : "places match") \"\(query)\"."
        case .unknownSavedCity, .notFound, .noneChosen, .badName, .outsideForecast, .coordinatesOutOfRange: nil
        }
    }

    /// A sample-data reason a flag brought about, in the command line's words; nil: the error's own.
    private static func sampleTail(_ error: SampleDataError) -> String? {
        guard !error.noSampleData else { return nil }
        switch error.reason {
        case .offline: return "--offline keeps to the cache and the sample data"
        case .refreshed(let name): return "\(name) could not be reached, and --refresh asks for a live answer only"
        case .keyMissing, .unreachable: return nil
        }
    }

    private static func date(_ error: DateInputError) -> String {
        error.sentence { "--\($0.rawValue)" }
    }

    private static func crypto(_ error: CryptoError) -> String? {
        switch error {
        case .ambiguous(let query, let pairs): "Several pairs match \"\(query)\": \(CryptoError.list(pairs)). Choose one with --pick N."
        case .choiceOutOfRange(let choice, let count, let query): "--pick \(choice) is out of range: \(count) pairs match \"\(query)\"."
        default: nil
        }
    }

    private static func fruit(_ error: FruitError) -> String? {
        switch error {
        case .eatenInFuture(let date): "--date \(date) is in the future; log fruit already eaten."
        case .noLogEntry(let id, let empty):
            "No log entry \(id)." + (empty ? " The log is empty." : " See the numbers in: almanac fruit log --from YYYY-MM-DD")
        default: nil
        }
    }

    private static func exam(_ error: ExamError) -> String? {
        switch error {
        case .pastDate(let when): "\(when) is in the past; a new pending exam needs a future date (or add --passed to file it as passed)."
        default: nil
        }
    }

    private static func transport(_ error: TransportError) -> String? {
        switch error {
        case .connectTimeout(let host, let seconds):
            "Connecting to \(host) took longer than \(TransportError.format(seconds)) s; check the network or raise --timeout."
        case .timeout(let host, let seconds): "\(host) did not answer within \(TransportError.format(seconds)) s; try again or raise --timeout."
        default: nil
        }
    }
}
