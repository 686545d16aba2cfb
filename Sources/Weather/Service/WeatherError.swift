import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// What a weather request cannot do, as values, each worded once in plain words; the command line
/// adds the flag that does what a sentence asks (`CommandLineHint`, docs/architecture.md §9,
/// "Errors worded once").
package enum WeatherError: UserInputError, Equatable {
    /// No cities saved, when a saved one was named.
    case noSavedCities
    /// No city named and no default saved.
    case noDefaultCity
    /// `saved`: each saved city as its number and name, `3 Oslo`.
    case unknownSavedCity(String, saved: [String])
    /// The geocoder found no place for `query`.
    case notFound(query: String)
    /// Several places match; `places` in the order offered.
    case ambiguous(query: String, places: [City])
    /// A choice number outside `1...count`.
    case choiceOutOfRange(choice: Int, count: Int, query: String)
    /// A choice among several places was not made.
    case noneChosen
    /// A city name that is empty or longer than 200 characters.
    case badName
    /// `lat,lon` with a latitude outside -90…90 or a longitude outside -180…180.
    case coordinatesOutOfRange(String)
    /// Neither nowcast has a step still to come for `city` (both past their validity, offline).
    case nowcastExpired(city: String)
    /// A day outside the forecast; `available` is its first and last day (nil: it has none).
    case outsideForecast(LocalDate, city: String, available: ClosedRange<LocalDate>?)
    /// A units variable (`ALMANAC_UNITS`, `ALMANAC_WIND`) set to a value it does not take.
    case badUnitsVariable(String, String, takes: [String])

    package var description: String {
        switch self {
        case .noSavedCities: "No saved cities yet; add a city first."
        case .coordinatesOutOfRange(let text):
            "\"\(text)\" is no place: a latitude is from -90 to 90 and a longitude from -180 to 180, as lat,lon."
        case .noDefaultCity:
            "No saved city yet; add a city first, or name one."
        case .unknownSavedCity(let name, let saved):
            "No saved city \"\(name)\". Saved: \(saved.joined(separator: ", "))."
        case .notFound(let query): "No place called \"\(query)\" was found; check the spelling or give coordinates as lat,lon."
        case .ambiguous(let query, let places):
            "Several places match \"\(query)\": \(Self.list(places)). Choose one by its number."
        case .choiceOutOfRange(let choice, let count, let query):
            "There is no place \(choice): \(count) \(count == 1 ? "place matches" : "places match") \"\(query)\"."
        case .noneChosen: "No place chosen."
        case .nowcastExpired(let city):
            "No nowcast for \(city) is current: the ones kept have ended; the next two hours need the network."
        case .badName: "A city name must be 1 to 200 characters."
        case .badUnitsVariable(let name, let value, let takes):
            "\(name) is \"\(TerminalText.inert(value))\": it takes \(takes.joined(separator: ", "))."
        case .outsideForecast(let date, let city, let available):
            available.map { "\(date) is outside the forecast for \(city): days from \($0.lowerBound) to \($0.upperBound) are available." }
                ?? "The forecast for \(city) has no daily entries."
        }
    }

    /// `1) Saint Petersburg, Russia (59.94°N 30.31°E); 2) …`
    package static func list(_ places: [City]) -> String {
        places.enumerated().map { "\($0.offset + 1)) \($0.element.choiceText)" }.joined(separator: "; ")
    }
}
