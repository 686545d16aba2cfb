import XCTest

@testable import Geography

/// Coordinates placed in their country by the outlines shipped with the program: cities, islands
/// and territories, both sides of a border, a hole in a country, coastal water and open sea.
final class CountryOutlinesTests: XCTestCase {
    func testCitiesAreInTheirCountry() {
        let cities: [(String, Double, Double, String)] = [
            ("Oslo", 59.9139, 10.7522, "NO"), ("Tromsø", 69.6492, 18.9553, "NO"), ("Longyearbyen", 78.2232, 15.6267, "NO"),
            ("Berlin", 52.5200, 13.4050, "DE"), ("Munich", 48.1351, 11.5820, "DE"), ("Hamburg", 53.5511, 9.9937, "DE"),
            ("New York", 40.7128, -74.0060, "US"), ("Denver", 39.7392, -104.9903, "US"), ("Anchorage", 61.2181, -149.9003, "US"),
            ("Honolulu", 21.3069, -157.8583, "US"), ("San Juan", 18.4655, -66.1057, "PR"), ("Hagåtña", 13.4757, 144.7489, "GU"),
            ("Moscow", 55.7558, 37.6173, "RU"), ("Tehran", 35.6892, 51.3890, "IR"), ("Sydney", -33.8688, 151.2093, "AU"),
            ("Stockholm", 59.3293, 18.0686, "SE"), ("Toronto", 43.6532, -79.3832, "CA"), ("Maseru", -29.3151, 27.4869, "LS"),
        ]
        for (name, latitude, longitude, code) in cities {
            XCTAssertEqual(CountryOutlines.country(latitude: latitude, longitude: longitude), code, name)
        }
    }

    /// Points a few kilometres either side of a border land on their own side.
    func testBordersSplitNeighbours() {
        XCTAssertEqual(CountryOutlines.country(latitude: 47.5596, longitude: 7.5886), "CH", "Basel")
        XCTAssertEqual(CountryOutlines.country(latitude: 47.6779, longitude: 7.8170), "DE", "Lörrach, 10 km from Basel")
        XCTAssertEqual(CountryOutlines.country(latitude: 48.5734, longitude: 7.7521), "FR", "Strasbourg")
        XCTAssertEqual(CountryOutlines.country(latitude: 48.5392, longitude: 7.8717), "DE", "Kehl's east, across the Rhine")
        XCTAssertEqual(CountryOutlines.country(latitude: 48.9500, longitude: -122.4500), "US", "Lynden, Washington")
        XCTAssertEqual(CountryOutlines.country(latitude: 49.1000, longitude: -122.6600), "CA", "Langley, British Columbia")
        XCTAssertEqual(CountryOutlines.country(latitude: 59.5800, longitude: 11.1600), "NO", "Askim")
        XCTAssertEqual(CountryOutlines.country(latitude: 59.6500, longitude: 12.5900), "SE", "Arvika, across the border")
    }

    /// Coastal water within reach counts as the nearest land's; the open sea is no country's.
    func testTheSeaIsNoCountrys() {
        XCTAssertEqual(CountryOutlines.country(latitude: 59.0, longitude: 10.55), "NO", "the mouth of the Oslofjord")
        XCTAssertEqual(CountryOutlines.country(latitude: 40.45, longitude: -73.80), "US", "off Sandy Hook")
        XCTAssertNil(CountryOutlines.country(latitude: 30, longitude: -40), "the middle of the Atlantic")
        XCTAssertNil(CountryOutlines.country(latitude: 0, longitude: 0), "Null Island")
        XCTAssertNil(CountryOutlines.country(latitude: 57.0, longitude: 3.0), "the North Sea, far from any coast")
    }

    func testNonsenseIsNoCountrys() {
        XCTAssertNil(CountryOutlines.country(latitude: .nan, longitude: 10))
        XCTAssertNil(CountryOutlines.country(latitude: 10, longitude: .infinity))
        XCTAssertNil(CountryOutlines.country(latitude: 95, longitude: 500))
    }

    /// Every record reads, with rings, and the polyline reader gives back what was written.
    func testEveryRecordReads() {
        let records = CountryOutlines.outlines.records
        XCTAssertGreaterThan(Set(records.map(\.name)).count, 230, "every country with a code")
        XCTAssertGreaterThan(records.count, 1000, "one record a polygon: an island has bounds of its own")
        for record in records {
            XCTAssertEqual(record.name.count, 2, record.name)
            XCTAssertFalse(record.rings().isEmpty, record.name)
        }
        let points = Polyline.points(ArraySlice("_p~iF~ps|U_ulLnnqC_mqNvxq`@".utf8))
        XCTAssertEqual(points.map(\.x), [3_850_000, 4_070_000, 4_325_200], "the algorithm's own example, latitude first there")
        XCTAssertEqual(points.map(\.y), [-12_020_000, -12_095_000, -12_645_300])
    }
}
