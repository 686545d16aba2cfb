import XCTest

@testable import AlmanacServer

/// wttr.in's URLs read as the commands a person would type (docs/serve.md).
final class WttrRouteTests: XCTestCase {
    private func route(_ path: String, _ query: String = "") throws -> WttrRoute { try WttrRoute.parse(path: path, query: query) }

    func testAPlaceAndAFormatAreTheGlanceCommand() throws {
        XCTAssertEqual(try route("/Oslo", "format=3"), .run(["weather", "now", "--format=3", "--", "Oslo"]))
        XCTAssertEqual(try route("/New+York", "format=%l:+%c+%t"), .run(["weather", "now", "--format=%l: %c %t", "--", "New York"]))
        XCTAssertEqual(try route("/S%C3%A3o%20Paulo"), .run(["weather", "now", "--", "São Paulo"]))
        XCTAssertEqual(try route("/"), .run(["weather", "now"]), "no place: the default city")
        XCTAssertEqual(try route("/:help"), .help)
    }

    func testATemplatesPercentSignsStayCodesAndEscapesAreDecoded() throws {
        XCTAssertEqual(try route("/Oslo", "format=%l:+%c+%t"), .run(["weather", "now", "--format=%l: %c %t", "--", "Oslo"]))
        XCTAssertEqual(try route("/Oslo", "format=%25l%3A%20%C2%B0%2B"), .run(["weather", "now", "--format=%l: °+", "--", "Oslo"]))
        XCTAssertEqual(try route("/Oslo", "format=%Cc%c2"), .run(["weather", "now", "--format=%Cc%c2", "--", "Oslo"]), "no character there")
        XCTAssertEqual(try route("/Oslo%ZZ"), .run(["weather", "now", "--", "Oslo%ZZ"]))
    }

    func testALandmarkCoordinatesAndOptionLikeNamesStayPlaces() throws {
        XCTAssertEqual(try route("/~Eiffel+Tower"), .run(["weather", "now", "--", "Eiffel Tower"]))
        XCTAssertEqual(try route("/-33.87,151.21", "format=3"), .run(["weather", "now", "--format=3", "--", "-33.87,151.21"]))
        XCTAssertEqual(try route("/--refresh"), .run(["weather", "now", "--", "--refresh"]), "a name, never an option")
        XCTAssertEqual(try route("/forecast"), .run(["weather", "now", "--", "forecast"]), "a name, never a subcommand")
    }

    func testWhatIsNotServedIsRefusedByName() throws {
        XCTAssertThrowsError(try route("/Oslo", "A")) { XCTAssertEqual($0 as? WttrRefusal, .unserved("?A")) }
        XCTAssertThrowsError(try route("/Oslo", "0qn")) { XCTAssertEqual($0 as? WttrRefusal, .unserved("?0qn")) }
        XCTAssertThrowsError(try route("/Oslo", "lang=xx")) { XCTAssertEqual($0 as? WttrRefusal, .language("xx")) }
        XCTAssertThrowsError(try route("/Oslo%00ALMANAC_WIND=ms")) { XCTAssertEqual($0 as? WttrRefusal, .controlInPlace) }
        XCTAssertEqual(
            try route("/Oslo", "lang=pt-br"), .run(["weather", "now", "--", "Oslo"], variables: ["ALMANAC_LANG": "pt_br"]), "wttr.in's spelling")
        XCTAssertEqual(try route("/Oslo", "format=p1"), .prometheus(["weather", "now", "--json", "--", "Oslo"]))
        XCTAssertThrowsError(try route("/Oslo", "format=")) { XCTAssertEqual($0 as? WttrRefusal, .emptyFormat) }
    }

    func testUnitsAndLanguageAreTheRunsVariables() throws {
        let glance = ["weather", "now", "--format=3", "--", "Oslo"]
        XCTAssertEqual(try route("/Oslo", "format=3&u"), .run(glance, variables: ["ALMANAC_UNITS": "imperial", "ALMANAC_WIND": "mph"]))
        XCTAssertEqual(try route("/Oslo", "m&format=3"), .run(glance, variables: ["ALMANAC_UNITS": "metric", "ALMANAC_WIND": "kmh"]))
        XCTAssertEqual(
            try route("/Oslo", "format=3&Mm"), .run(glance, variables: ["ALMANAC_UNITS": "metric", "ALMANAC_WIND": "ms"]), "M wins the wind")
        XCTAssertEqual(
            try route("/Oslo", "M&lang=de"), .run(["weather", "now", "--", "Oslo"], variables: ["ALMANAC_WIND": "ms", "ALMANAC_LANG": "de"]))
        XCTAssertEqual(
            try route("/Oslo", "format=p1&u").self,
            .prometheus(["weather", "now", "--json", "--", "Oslo"], variables: ["ALMANAC_UNITS": "imperial", "ALMANAC_WIND": "mph"]))
    }

    func testJ1AndJ2AreWttrJSONAndLeadingSlashesMerge() throws {
        XCTAssertEqual(try route("//Oslo", "format=j1&lang=en"), .wttrJSON(place: "Oslo", hourly: true), "pywttr's base URL and path")
        XCTAssertEqual(try route("/~Eiffel+Tower", "format=j2"), .wttrJSON(place: "Eiffel Tower", hourly: false))
        XCTAssertEqual(try route("/", "format=j1"), .wttrJSON(place: "", hourly: true), "the default city")
    }
}
