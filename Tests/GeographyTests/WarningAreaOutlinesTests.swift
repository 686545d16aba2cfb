import XCTest

@testable import Geography

/// MeteoAlarm's warning areas shipped inside the program (scripts/make_warning_areas.py): a point
/// is in its own area and not its neighbour's; a code not shipped is unknown, never "no".
final class WarningAreaOutlinesTests: XCTestCase {
    func testACityIsInItsAreaAndNotItsNeighbours() {
        XCTAssertEqual(WarningAreaOutlines.holds(code: "BA003", latitude: 44.772, longitude: 17.191), true, "Banja Luka")
        XCTAssertEqual(WarningAreaOutlines.holds(code: "BA006", latitude: 44.772, longitude: 17.191), false)
        XCTAssertEqual(WarningAreaOutlines.holds(code: "BA006", latitude: 43.856, longitude: 18.413), true, "Sarajevo")
        XCTAssertEqual(WarningAreaOutlines.holds(code: "SI010", latitude: 46.058, longitude: 14.506), false, "Ljubljana is not the south-east")
    }

    /// Central Sarajevo lies within `slackKilometres` of the line between its area and Visegrad's
    /// (East Sarajevo across it): on the edge, both areas hold it, so either's warning is shown;
    /// Ilidža, 8 km west, is Sarajevo's alone.
    func testAPointOnTheEdgeIsInBothAreasAndOneInsideInItsOwn() {
        XCTAssertEqual(WarningAreaOutlines.holds(code: "BA007", latitude: 43.856, longitude: 18.413), true, "on the edge")
        XCTAssertEqual(WarningAreaOutlines.holds(code: "BA006", latitude: 43.83, longitude: 18.31), true)
        XCTAssertEqual(WarningAreaOutlines.holds(code: "BA007", latitude: 43.83, longitude: 18.31), false, "inside: its own only")
    }

    func testACodeNotShippedIsUnknown() {
        XCTAssertNil(WarningAreaOutlines.holds(code: "XX999", latitude: 44.772, longitude: 17.191))
        XCTAssertEqual(WarningAreaOutlines.holds(code: "BA003", latitude: .nan, longitude: 17.191), false)
    }
}
