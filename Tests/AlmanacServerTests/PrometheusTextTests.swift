import AlmanacCore
import XCTest

@testable import AlmanacServer

/// `?format=p1`: the weather now as Prometheus's text exposition.
final class PrometheusTextTests: XCTestCase {
    private let document = #"""
        {"city": {"name": "Evil\"\\\u001b[2J\nTown", "countryCode": "NO"}, "source": "sample", "stale": false,
         "current": {"temperature": 4.58, "humidity": 75.3, "pressure": 1018, "windSpeed": 7.6, "windDegrees": 108.1},
         "units": {"temperature": "celsius", "pressure": "hPa", "wind": "m/s", "precipitation": "mm"}}
        """#

    func testEachValueIsAGaugeWithItsUnitAndThePlace() throws {
        let text = try XCTUnwrap(PrometheusText.render(try XCTUnwrap(JSONValue.parse(Data(document.utf8)))))
        let place = #"place="Evil\"\\␛[2J\nTown",country="NO",source="sample""#
        XCTAssertTrue(text.contains("# TYPE almanac_temperature gauge\nalmanac_temperature{\(place),unit=\"celsius\"} 4.58\n"), text)
        XCTAssertTrue(text.contains("almanac_pressure{\(place),unit=\"hPa\"} 1018\n"), text)
        XCTAssertTrue(text.contains("almanac_humidity_percent{\(place)} 75.3\n"), text)
        XCTAssertTrue(text.contains("almanac_stale{\(place)} 0\n"), text)
        XCTAssertFalse(text.contains("almanac_feels_like"), "no value, no gauge")
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B }, "the place's text is inert")
        XCTAssertEqual(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.count, 6)
    }
}
