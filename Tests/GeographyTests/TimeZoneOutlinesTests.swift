import XCTest

@testable import Geography

/// Coordinates given their IANA zone by the time-zone outlines shipped with the program: cities,
/// both sides of a zone line inside a country, coastal water, the open sea by its nautical zone.
final class TimeZoneOutlinesTests: XCTestCase {
    func testCitiesHaveTheirZone() {
        let cities: [(String, Double, Double, String)] = [
            ("Oslo", 59.91, 10.75, "Europe/Oslo"), ("Bergen", 60.39, 5.32, "Europe/Oslo"), ("Sydney", -33.87, 151.21, "Australia/Sydney"),
            ("New York", 40.71, -74.01, "America/New_York"), ("Tehran", 35.69, 51.39, "Asia/Tehran"), ("Basel", 47.56, 7.59, "Europe/Zurich"),
            ("Wellington", -41.29, 174.78, "Pacific/Auckland"), ("Denver", 39.74, -104.99, "America/Denver"),
            ("Phoenix", 33.45, -112.07, "America/Phoenix"), ("Kolkata", 22.57, 88.36, "Asia/Kolkata"),
            ("Adelaide", -34.93, 138.60, "Australia/Adelaide"), ("Kathmandu", 27.72, 85.32, "Asia/Kathmandu"),
            ("Kyiv", 50.45, 30.52, "Europe/Kyiv"), ("Nuuk", 64.18, -51.72, "America/Nuuk"), ("Honolulu", 21.31, -157.86, "Pacific/Honolulu"),
            ("Vladivostok", 43.12, 131.89, "Asia/Vladivostok"), ("Lörrach", 47.6779, 7.8170, "Europe/Berlin"),
        ]
        for (name, latitude, longitude, zone) in cities {
            XCTAssertEqual(TimeZoneOutlines.zone(latitude: latitude, longitude: longitude), zone, name)
        }
    }

    /// A zone line inside a country: Indiana's Central-time corner against Indianapolis; Moscow
    /// against Samara.
    func testZoneLinesInsideACountry() {
        XCTAssertEqual(TimeZoneOutlines.zone(latitude: 39.77, longitude: -86.16), "America/Indiana/Indianapolis")
        XCTAssertEqual(TimeZoneOutlines.zone(latitude: 41.59, longitude: -87.35), "America/Chicago", "Gary, Indiana")
        XCTAssertEqual(TimeZoneOutlines.zone(latitude: 53.20, longitude: 50.15), "Europe/Samara")
    }

    /// Coastal water within reach keeps the land's zone; the open sea has its nautical zone.
    func testTheSeaHasItsNauticalZone() {
        XCTAssertEqual(TimeZoneOutlines.zone(latitude: 59.0, longitude: 10.55), "Europe/Oslo", "the mouth of the Oslofjord")
        XCTAssertEqual(TimeZoneOutlines.zone(latitude: 0, longitude: -160), "Etc/GMT+11")
        XCTAssertEqual(TimeZoneOutlines.zone(latitude: 30, longitude: -40), "Etc/GMT+3")
        XCTAssertEqual(TimeZoneOutlines.zone(latitude: 0, longitude: 0), "Etc/GMT")
        XCTAssertEqual(TimeZoneOutlines.nautical(longitude: 180), "Etc/GMT-12")
        XCTAssertEqual(TimeZoneOutlines.nautical(longitude: -180), "Etc/GMT+12")
        XCTAssertEqual(TimeZoneOutlines.nautical(longitude: 7.4), "Etc/GMT")
        XCTAssertEqual(TimeZoneOutlines.nautical(longitude: 7.6), "Etc/GMT-1")
        XCTAssertNil(TimeZoneOutlines.zone(latitude: .nan, longitude: 10))
        XCTAssertNil(TimeZoneOutlines.zone(latitude: 95, longitude: 500))
    }

    /// Every record reads, every zone it names is one this system knows.
    func testEveryZoneIsKnownToTheSystem() {
        let names = Set(TimeZoneOutlines.outlines.records.map(\.name))
        XCTAssertGreaterThan(names.count, 380, "every land zone")
        XCTAssertEqual(names.filter { TimeZone(identifier: $0) == nil }.sorted(), [])
        for record in TimeZoneOutlines.outlines.records { XCTAssertFalse(record.rings().isEmpty, record.name) }
    }
}
