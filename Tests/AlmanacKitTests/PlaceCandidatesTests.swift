import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacKit
@testable import AlmanacProviders

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
            PlaceCandidates.fromOpenMeteo(twins).map(\.label), ["Paris, Lamar, Texas, United States", "Paris, Falls, Texas, United States"])
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
        XCTAssertEqual(WeatherService.withZone(cities[0]).utcOffset, 0, "a zone from the longitude when none is known")
        XCTAssertEqual(WeatherService.withZone(City(name: "x", latitude: 0, longitude: 150)).utcOffset, 36000)
    }

    func testNoMatchEndToEndIsOneLine() throws {
        let home = try makeTemporaryFolder(self)
        assertOneLineError(
            try runAlmanac(["weather", "Atlantis", "--offline"], home: home), status: 64, contains: "No place called \"Atlantis\" was found")
    }
}
