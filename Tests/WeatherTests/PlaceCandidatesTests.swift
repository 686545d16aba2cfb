import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness
@testable import Weather

/// Open-Meteo's places as choices: told apart, with their zone; "no match" is an answer.
final class PlaceCandidatesTests: XCTestCase {
    private func search(_ text: String) throws -> OpenMeteoDTO.Search {
        try OpenMeteo.search("x", language: "en").decode(Data(text.utf8))
    }

    func testSameNamedPlacesAreToldApartAndKeepTheirZones() throws {
        let recording = try XCTUnwrap(Recording.load(repositoryFixtures.appendingPathComponent("openmeteo/search-springfield.json")))
        let cities = PlaceCandidates.fromOpenMeteo(try OpenMeteo.search("Springfield", language: "en").decode(recording.body))
        XCTAssertEqual(
            cities.map(\.label),
            [
                "Springfield, Illinois, United States", "Springfield, Missouri, United States", "Springfield, Massachusetts, United States",
                "Springfield, Oregon, United States",
            ])
        XCTAssertEqual(cities.map(\.timeZoneIdentifier), ["America/Chicago", "America/Chicago", "America/New_York", "America/Los_Angeles"])
        let twins = try search(
            #"{"results":[{"name":"Paris","latitude":33.66,"longitude":-95.55,"country":"United States","admin1":"Texas","admin2":"Lamar"},"#
                + #"{"name":"Paris","latitude":31.0,"longitude":-97.0,"country":"United States","admin1":"Texas","admin2":"Falls"}]}"#)
        XCTAssertEqual(
            City.distinguished(PlaceCandidates.fromOpenMeteo(twins)).map(\.label),
            ["Paris, Lamar, Texas, United States", "Paris, Falls, Texas, United States"])
    }

    func testNoMatchIsAnAnswerNotADecodingError() throws {
        XCTAssertEqual(PlaceCandidates.fromOpenMeteo(try search(#"{"generationtime_ms":0.42}"#)).count, 0)
        XCTAssertThrowsError(try WeatherService.choose([], query: "Atlantis", pick: nil, chooser: nil)) { error in
            XCTAssertEqual(error as? WeatherError, .notFound(query: "Atlantis"))
        }
    }

    func testAResultWithoutOptionalFields() throws {
        let cities = PlaceCandidates.fromOpenMeteo(
            try search(#"{"results":[{"id":1,"name":"Nowhere","latitude":1.5,"longitude":2.5},{"id":2,"name":"No coordinates"}]}"#))
        XCTAssertEqual(cities.count, 1, "a place without coordinates is skipped")
        XCTAssertEqual(cities[0].label, "Nowhere")
        XCTAssertNil(cities[0].timeZoneIdentifier)
        XCTAssertEqual(WeatherService.withZone(cities[0]).utcOffset, 0, "UTC when no zone could be found")
        XCTAssertEqual(WeatherService.withZone(City(name: "x", latitude: 0, longitude: 150)).utcOffset, 0, "never a guess from the longitude")
    }

    func testNoMatchEndToEndIsOneLine() throws {
        let home = try makeTemporaryFolder(self)
        assertOneLineError(
            try runAlmanac(["weather", "Atlantis", "--offline"], home: home), status: 64, contains: "No place called \"Atlantis\" was found")
    }
}

/// Two places of one name are two saved cities; one place is saved once.
final class SavedPlacesTests: XCTestCase {
    private let twins =
        #"{"results":[{"name":"Paris","latitude":33.66,"longitude":-95.55,"country":"United States","admin1":"Texas","timezone":"America/Chicago"},"#
        + #"{"name":"Paris","latitude":31.0,"longitude":-97.0,"country":"United States","admin1":"Texas","timezone":"America/Chicago"},"#
        + #"{"name":"Paris","latitude":48.85341,"longitude":2.3488,"country":"France","admin1":"Île-de-France","timezone":"Europe/Paris"}]}"#

    func testSameNamedPlacesAreSavedApartWithNamesThatTellThemApart() throws {
        let body = twins
        let geocoder = try LoopbackServer { _ in .json(body) }
        let home = try makeTemporaryFolder(self)
        let environment = ["ALMANAC_OPENMETEO_GEOCODING_URL": geocoder.baseURL]
        let ambiguous = try runAlmanac(["weather", "add", "Paris"], home: home, environment: environment)
        assertOneLineError(
            ambiguous, status: 64,
            contains:
                "1) Paris (33.66°N 95.55°W), Texas, United States; 2) Paris (31.00°N 97.00°W), Texas, United States; 3) Paris, Île-de-France, France")
        let first = try runAlmanac(["weather", "add", "Paris", "--pick", "1", "--json"], home: home, environment: environment)
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertTrue(first.out.contains("\"added\" : true"), first.out)
        let second = try runAlmanac(["weather", "add", "Paris", "--pick", "2", "--json"], home: home, environment: environment)
        XCTAssertTrue(second.out.contains("\"added\" : true"), "a second place of the same name is not the first: \(second.out)")
        XCTAssertTrue(second.out.contains("\"latitude\" : 31"), "it keeps its own coordinates: \(second.out)")
        let again = try runAlmanac(["weather", "add", "Paris", "--pick", "2", "--json"], home: home, environment: environment)
        XCTAssertTrue(again.out.contains("\"added\" : false"), again.out)
        let france = try runAlmanac(["weather", "add", "Paris", "--pick", "3"], home: home, environment: environment)
        XCTAssertEqual(france.out, "Saved Paris, Île-de-France, France.\n", "the look-alikes lie in another region")
        let cities = try runAlmanac(["weather", "cities"], home: home).out
        XCTAssertTrue(cities.contains("Paris (33.66°N 95.55°W), Texas, United States"), cities)
        XCTAssertTrue(cities.contains("Paris (31.00°N 97.00°W), Texas, United States"), cities)
        XCTAssertEqual(try runAlmanac(["weather", "remove", "Paris (31.00°N 97.00°W)"], home: home).status, 0, "each bare name is its own")
    }

    func testPlacesWithinAKilometreAreOnePlace() {
        let square = City(name: "Red Square", latitude: 55.7539, longitude: 37.6208)
        XCTAssertTrue(square.isSamePlace(as: City(name: "Kremlin", latitude: 55.7520, longitude: 37.6175)), "about 290 m apart")
        XCTAssertFalse(square.isSamePlace(as: City(name: "Moscow City", latitude: 55.7494, longitude: 37.5377)), "about 5 km apart")
        XCTAssertEqual(square.distance(to: City(name: "x", latitude: 56.7539, longitude: 37.6208)), 111_195, accuracy: 5, "a degree of latitude")
    }

    func testTheChoicesOfTheRecordedMultiPlaceAnswersAreAllDistinct() throws {
        let yandex = try XCTUnwrap(Recording.load(repositoryFixtures.appendingPathComponent("yandex/geocode-lenina-street.json")))
        let streets = PlaceCandidates.fromYandex(try YandexGeocoder.geocode("ulitsa Lenina", lang: "en").decode(yandex.body))
        let springfield = try XCTUnwrap(Recording.load(repositoryFixtures.appendingPathComponent("openmeteo/search-springfield.json")))
        let towns = PlaceCandidates.fromOpenMeteo(try OpenMeteo.search("Springfield", language: "en").decode(springfield.body))
        for places in [streets, towns] {
            let names = City.distinguished(places).map(\.label)
            XCTAssertEqual(Set(names).count, names.count, "\(names)")
        }
    }
}
