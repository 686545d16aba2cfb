import AlmanacClient
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// `weather warnings` for Canada, in process against a loopback GeoMet serving alerts in the
/// shape its documentation and every client's parser give (no recorded answer of the OGC API was
/// found): the point's box is asked, the risk colour is the level, an ended alert is none, a
/// region's feature is shown once, the text exactly as ECCC wrote it.
final class ECCCWarningsTests: XCTestCase {
    private static let alerts = """
        {"type": "FeatureCollection", "numberMatched": 4, "features": [
          {"type": "Feature", "id": "20261120-wind-fea1-3101", "geometry": {"type": "Polygon", "coordinates": [[[-76.0, 45.2], [-75.4, 45.2], [-75.4, 45.6], [-76.0, 45.6], [-76.0, 45.2]]]},
           "properties": {"id": "urn:oid:2.49.0.1.124.2611.2026", "feature_id": "fea1-3101", "alert_code": "WDW", "alert_type": "warning",
             "alert_name_en": "wind warning in effect", "alert_short_name_en": "Wind (warning)",
             "alert_text_en": "Strong winds that may cause damage are expected.\\n\\nWhat:\\nGusts up to 90 km/h.", "risk_colour_en": "yellow",
             "status_en": "issued", "publication_datetime": "2026-11-20T10:00:00Z", "expiration_datetime": "2026-11-21T10:00:00Z",
             "event_end_datetime": "2026-11-21T06:00:00Z", "feature_name_en": "City of Ottawa", "province": "ON"}},
          {"type": "Feature", "id": "20261120-wind-fea1-3101-copy", "geometry": null,
           "properties": {"id": "urn:oid:2.49.0.1.124.2611.2026", "alert_type": "warning", "alert_name_en": "wind warning in effect",
             "alert_short_name_en": "Wind (warning)", "risk_colour_en": "yellow", "status_en": "continued",
             "publication_datetime": "2026-11-20T10:00:00Z", "expiration_datetime": "2026-11-21T10:00:00Z", "feature_name_en": "City of Ottawa"}},
          {"type": "Feature", "id": "20261120-fog", "geometry": null,
           "properties": {"id": "urn:oid:2.49.0.1.124.1111.2026", "alert_type": "advisory", "alert_name_en": "fog advisory ended",
             "alert_short_name_en": "Fog (advisory)", "risk_colour_en": "yellow", "status_en": "ended",
             "publication_datetime": "2026-11-20T08:00:00Z", "expiration_datetime": "2026-11-21T08:00:00Z", "feature_name_en": "City of Ottawa"}},
          {"type": "Feature", "id": "20261119-snow", "geometry": null,
           "properties": {"id": "urn:oid:2.49.0.1.124.0999.2026", "alert_type": "warning", "alert_name_en": "snowfall warning in effect",
             "risk_colour_en": "orange", "status_en": "issued", "publication_datetime": "2026-11-18T08:00:00Z",
             "expiration_datetime": "2026-11-19T08:00:00Z", "feature_name_en": "City of Ottawa"}}
        ]}
        """

    func testOttawaGetsItsWarningOnceWithItsColourAndNoEndedOrPastOne() throws {
        let server = try LoopbackServer { request in
            request.path == "/collections/weather-alerts/items" ? .json(Self.alerts) : .json("{}", status: 404)
        }
        let result = try runAlmanac(
            ["weather", "warnings", "45.4215,-75.6972"], home: try makeTemporaryFolder(self),
            environment: ["ALMANAC_ECCC_URL": server.baseURL, "ALMANAC_TODAY": "2026-11-20"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out.components(separatedBy: "⚠").count - 1, 1, "once, and neither the ended fog nor the past snow: \(result.out)")
        XCTAssertTrue(result.out.contains("⚠ Yellow — Wind (warning)"), result.out)
        XCTAssertTrue(result.out.contains("Strong winds that may cause damage are expected.\n\nWhat:\nGusts up to 90 km/h."), result.out)
        XCTAssertTrue(result.out.contains("Areas: City of Ottawa"), result.out)
        XCTAssertTrue(result.out.contains("Data Source: Environment and Climate Change Canada"), result.out)
        let request = try XCTUnwrap(server.receivedRequests.first)
        XCTAssertEqual(request.queryValue("bbox"), "-75.6982,45.4205,-75.6962,45.4225", "a box of about 200 m around the point")
        XCTAssertEqual(request.queryValue("lang"), "en")
    }
}
