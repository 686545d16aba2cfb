import AlmanacCore
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import Weather

/// MeteoAlarm's feeds under the rules every service's warnings follow (docs/weather.md,
/// "Official warnings"), on real answers recorded by another project (`Tests/Recorded/meteoalarm`)
/// and on small feeds written for the one rule each shows. Instants are the recordings' own.
final class MeteoAlarmRulesTests: XCTestCase {
    private func feed(_ path: String) throws -> MeteoAlarmDTO.Feed {
        try JSONDecoder().decode(MeteoAlarmDTO.Feed.self, from: Data(try RecordedAnswer(path).raw.utf8))
    }

    private let asOf = InstantText.parse("2024-01-04T18:00:00+01:00")!

    func testAPlacesWarningsAreThoseOfItsAreaInEnglishWorstFirst() throws {
        let croatia = try feed("meteoalarm/croatia.json")
        let gospic = OfficialWarnings.from(croatia, holds: { $0.code("EMMA_ID") == "HR004" }, now: asOf)
        XCTAssertEqual(gospic.warnings.count, 5, "six of the feed's 63 for its area, one already over")
        XCTAssertEqual(Set(gospic.warnings.map(\.event)), ["Yellow rain warning", "Yellow wind warning", "Yellow snow ice warning"])
        XCTAssertTrue(gospic.warnings.allSatisfy { $0.language == "en-GB" && $0.level == "yellow" && $0.areas == ["Gospic region"] })
        XCTAssertEqual(gospic.warnings.first?.onset, InstantText.parse("2024-01-06T00:01:01+01:00"), "the soonest first among equals")
        XCTAssertTrue(gospic.unplaced.isEmpty)
        let split = OfficialWarnings.from(croatia, holds: { $0.code("EMMA_ID") == "HR802" }, now: asOf)
        XCTAssertEqual(split.warnings.map(\.level), ["red", "red", "orange", "yellow"], "worst first")
    }

    func testACountrysFeedIsNeverAPlacesList() throws {
        let croatia = try feed("meteoalarm/croatia.json")
        let unknown = OfficialWarnings.from(croatia, holds: { _ in nil }, now: asOf)
        XCTAssertTrue(unknown.warnings.isEmpty, "no area placed: no warning of the place's")
        XCTAssertFalse(unknown.unplaced.isEmpty, "said apart as unplaced")
        let elsewhere = OfficialWarnings.from(croatia, holds: { _ in false }, now: asOf)
        XCTAssertTrue(elsewhere.warnings.isEmpty && elsewhere.unplaced.isEmpty, "a place in none of the areas: nothing")
    }

    func testTheShippedAreasPlaceAFeedsWarningsAtAPoint() throws {
        let bosnia = try feed("meteoalarm/bosnia-herzegovina.json")
        let feedTime = InstantText.parse("2023-01-01T00:00:00Z")!
        let banjaLuka = OfficialWarnings.from(bosnia, holds: OfficialWarnings.meteoAlarmArea(holdsLatitude: 44.772, longitude: 17.191), now: feedTime)
        let all = OfficialWarnings.from(bosnia, holds: { _ in true }, now: feedTime)
        XCTAssertFalse(banjaLuka.warnings.isEmpty)
        XCTAssertLessThan(banjaLuka.warnings.count, all.warnings.count, "the place's, not the country's")
        XCTAssertTrue(banjaLuka.warnings.allSatisfy { $0.areas == ["Banja Luka"] }, "\(banjaLuka.warnings.map(\.areas))")
        XCTAssertTrue(banjaLuka.unplaced.isEmpty, "every Bosnian area's outline is shipped")
    }

    func testTheEnglishBlockWhereverItIsElseTheFirst() throws {
        let bosnia = try feed("meteoalarm/bosnia-herzegovina.json")
        let all = OfficialWarnings.from(bosnia, holds: { _ in true }, now: InstantText.parse("2023-01-01T00:00:00Z")!)
        XCTAssertFalse(all.warnings.isEmpty)
        XCTAssertTrue(all.warnings.allSatisfy { $0.language == "en" }, "\(all.warnings.map(\.language))")
        let blocks = { (text: String) in try JSONDecoder().decode([MeteoAlarmDTO.Info].self, from: Data(text.utf8)) }
        XCTAssertEqual(OfficialWarnings.englishFirst(try blocks(#"[{"language": "hr-HR"}, {"language": "en-GB"}]"#))?.language, "en-GB")
        XCTAssertEqual(OfficialWarnings.englishFirst(try blocks(#"[{"language": "sr"}, {"language": "bs"}]"#))?.language, "sr")
    }

    func testUpdatesAndCancelsReplaceWhatTheyReferenceAndTestsAndRepeatsDoNotCount() throws {
        let text = """
            {"warnings": [
              \(Self.message("A", type: "Alert", event: "Storm")),
              \(Self.message("B", type: "Update", event: "Stronger storm", references: "x,A,2024-01-04T08:00:00+01:00")),
              \(Self.message("C", type: "Alert", event: "Snow")),
              \(Self.message("D", type: "Cancel", event: "Snow", references: "x,C,2024-01-04T08:00:00+01:00")),
              \(Self.message("E", type: "Alert", event: "Drill", status: "Exercise")),
              \(Self.message("B", type: "Update", event: "Stronger storm", references: "x,A,2024-01-04T08:00:00+01:00"))
            ]}
            """
        let feed = try JSONDecoder().decode(MeteoAlarmDTO.Feed.self, from: Data(text.utf8))
        let placed = OfficialWarnings.from(feed, holds: { _ in true }, now: asOf)
        XCTAssertEqual(placed.warnings.map(\.id), ["B"], "A replaced by B, C cancelled by D, the cancel itself no warning, the exercise none, B once")
    }

    /// Macao's Updates name their own identifier among the messages they replace: a message never
    /// replaces itself, so such an Update is still a warning.
    func testAnUpdateThatNamesItselfIsStillAWarning() throws {
        let text = #"{"warnings": [\#(Self.message("M", type: "Update", event: "Monsoon", references: "x,M,2024-01-04T08:00:00+01:00"))]}"#
        let feed = try JSONDecoder().decode(MeteoAlarmDTO.Feed.self, from: Data(text.utf8))
        XCTAssertEqual(OfficialWarnings.from(feed, holds: { _ in true }, now: asOf).warnings.map(\.id), ["M"])
    }

    func testAPolygonPlacesAWarningAndAnAreaWithoutOneIsUnplaced() throws {
        let square = "45.0,15.0 45.0,16.0 46.0,16.0 46.0,15.0 45.0,15.0"
        XCTAssertEqual(CAPPolygon.holds([square], latitude: 45.5, longitude: 15.5), true)
        XCTAssertEqual(CAPPolygon.holds([square], latitude: 44.9, longitude: 15.5), false)
        XCTAssertEqual(CAPPolygon.holds(["45.0,15.0 46.0,16.0"], latitude: 45.5, longitude: 15.5), nil, "two points are no area")
        XCTAssertNil(CAPPolygon.holds(nil, latitude: 45.5, longitude: 15.5))
        let text = """
            {"warnings": [
              \(Self.message("P", type: "Alert", event: "Heat", polygon: square)),
              \(Self.message("Q", type: "Alert", event: "Fog"))
            ]}
            """
        let feed = try JSONDecoder().decode(MeteoAlarmDTO.Feed.self, from: Data(text.utf8))
        let inside = OfficialWarnings.from(feed, holds: { CAPPolygon.holds($0.polygon, latitude: 45.5, longitude: 15.5) }, now: asOf)
        XCTAssertEqual(inside.warnings.map(\.id), ["P"])
        XCTAssertEqual(inside.unplaced.map(\.id), ["Q"], "no polygon and no known outline: unplaced")
        let outside = OfficialWarnings.from(feed, holds: { CAPPolygon.holds($0.polygon, latitude: 40, longitude: 15.5) }, now: asOf)
        XCTAssertEqual(outside.warnings.map(\.id), [])
    }

    /// One message of a feed, in an English and a Croatian block, until 2024-01-09.
    private static func message(
        _ id: String, type: String, event: String, status: String = "Actual", references: String? = nil, polygon: String? = nil
    ) -> String {
        let area =
            polygon.map { #"{"areaDesc": "Square", "polygon": ["\#($0)"]}"# }
            ?? #"{"areaDesc": "Gospic region", "geocode": [{"valueName": "EMMA_ID", "value": "HR004"}]}"#
        let info = { (language: String) in
            #"{"language": "\#(language)", "event": "\#(event)", "severity": "Moderate", "urgency": "Future", "onset": "2024-01-05T00:00:00+01:00", "expires": "2024-01-09T00:00:00+01:00", "area": [\#(area)]}"#
        }
        let refs = references.map { #", "references": "\#($0)""# } ?? ""
        return
            #"{"alert": {"identifier": "\#(id)", "msgType": "\#(type)", "status": "\#(status)"\#(refs), "info": [\#(info("hr-HR")), \#(info("en-GB"))]}}"#
    }

    /// Members that name areas by NUTS3 (France, Bulgaria) or FIPS (Ireland) codes are placed by
    /// the EMMA_ID area each code stands for, from MeteoAlarm's own table.
    func testANUTS3OrFIPSCodeIsPlacedByTheAreaItStandsFor() throws {
        let area = { (scheme: String, code: String) in
            try JSONDecoder().decode(MeteoAlarmDTO.Area.self, from: Data(#"{"geocode": [{"valueName": "\#(scheme)", "value": "\#(code)"}]}"#.utf8))
        }
        let paris = OfficialWarnings.meteoAlarmArea(holdsLatitude: 48.8566, longitude: 2.3522)
        XCTAssertEqual(paris(try area("NUTS3", "FR101")), true, "Paris")
        XCTAssertEqual(paris(try area("NUTS3", "FR718")), false, "Haute-Savoie")
        XCTAssertNil(paris(try area("NUTS3", "ZZ999")), "a code in no table")
        let dublin = OfficialWarnings.meteoAlarmArea(holdsLatitude: 53.35, longitude: -6.26)
        XCTAssertEqual(dublin(try area("FIPS", "EI07")), true, "Dublin")
    }

    /// What the cache keeps of a feed reads as the feed does at any instant from the feed's newest
    /// message on (Croatia's: 7 January 2024, 11:59:35), for any place, and is a fraction of it.
    func testTheKeptFeedReadsAsTheWholeFeed() throws {
        for (file, instants) in [
            ("croatia.json", ["2024-01-07T11:59:35+01:00", "2024-01-08T12:00:00+01:00", "2024-01-09T23:00:00+01:00"]),
            ("bosnia-herzegovina.json", ["2024-01-07T07:55:19+01:00", "2024-01-09T12:00:00+01:00"]),
        ] {
            let whole = try feed("meteoalarm/" + file)
            let kept = OfficialWarnings.kept(whole)
            let body = try XCTUnwrap(OfficialWarnings.keptFeed(Data(try RecordedAnswer("meteoalarm/" + file).raw.utf8)))
            let reread = try JSONDecoder().decode(MeteoAlarmDTO.Feed.self, from: body)
            for instant in instants.map({ InstantText.parse($0)! }) {
                for holds: (MeteoAlarmDTO.Area) -> Bool? in [{ _ in true }, { _ in nil }, { $0.code("EMMA_ID")?.hasSuffix("3") }] {
                    let expected = OfficialWarnings.from(whole, holds: holds, now: instant)
                    for candidate in [kept, reread] {
                        let read = OfficialWarnings.from(candidate, holds: holds, now: instant)
                        XCTAssertEqual(read.warnings.map(\.id), expected.warnings.map(\.id), "\(file) at \(instant)")
                        XCTAssertEqual(read.unplaced.map(\.id), expected.unplaced.map(\.id), "\(file) at \(instant)")
                        XCTAssertTrue(read.warnings == expected.warnings && read.unplaced == expected.unplaced, "\(file) at \(instant)")
                    }
                }
            }
            XCTAssertLessThan(body.count * 2, try RecordedAnswer("meteoalarm/" + file).raw.utf8.count, "\(file): a fraction")
        }
    }
}

/// The member countries' feeds by country code.
final class MeteoAlarmFeedsTests: XCTestCase {
    func testEachMemberHasItsFeedAndOthersNone() {
        XCTAssertEqual(MeteoAlarm.members.count, 38)
        XCTAssertEqual(MeteoAlarm.feedPath(country: "hr"), "/api/v1/warnings/feeds-croatia")
        XCTAssertEqual(MeteoAlarm.feedPath(country: "GB"), "/api/v1/warnings/feeds-united-kingdom")
        XCTAssertEqual(MeteoAlarm.feedPath(country: "MK"), "/api/v1/warnings/feeds-republic-of-north-macedonia")
        XCTAssertNil(MeteoAlarm.feedPath(country: "RU"))
        XCTAssertEqual(Set(MeteoAlarm.members.values.map(\.slug)).count, 38, "one feed a country")
    }

}
