import AlmanacProviders
import AlmanacTestSupport
import Foundation
import Geography
import XCTest

@testable import Weather

/// docs/weather.md's table of every country with an official warning service, held to the code:
/// each row's country is the one the code asks for, through the service it names, issued by the
/// member it names, placed the way it says; no country the code covers is missing.
final class WarningCoverageTests: XCTestCase {
    private struct Row: Equatable {
        var code, issuer, through, placing: String
    }

    /// The table's rows: `| Croatia | `HR` | DHMZ | MeteoAlarm | polygons only: listed apart |`.
    private func documentedRows() throws -> [Row] {
        let docs = repositoryFixtures.deletingLastPathComponent().appendingPathComponent("docs/weather.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 5, cells[1].count == 4, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { return nil }
            return Row(code: String(cells[1].dropFirst().dropLast()), issuer: cells[2], through: cells[3], placing: cells[4])
        }
    }

    /// The row the code makes for a country.
    private func row(_ code: String, _ service: WarningService) -> Row {
        switch service {
        case .metNorway: return Row(code: code, issuer: "MET Norway", through: "MET Norway's MetAlerts", placing: "the point")
        case .nationalWeatherService:
            return Row(code: code, issuer: "The National Weather Service", through: "its active alerts", placing: "the point")
        case .brightSky: return Row(code: code, issuer: "DWD", through: "Bright Sky", placing: "the point (DWD's municipality cells)")
        case .eccc: return Row(code: code, issuer: "Environment and Climate Change Canada", through: "GeoMet's OGC API", placing: "the point")
        case .meteoAlarm:
            let issuer = MeteoAlarm.members[code]?.service ?? "?"
            let prefix = code == "GB" ? "UK" : code
            let placing = WarningAreaOutlines.hasAreas(prefixed: prefix) ? "polygon, else the area's outline" : "polygons only: listed apart"
            return Row(code: code, issuer: issuer.prefix(1).uppercased() + issuer.dropFirst(), through: "MeteoAlarm", placing: placing)
        case .imd, .roshydromet, .kazhydromet, .smg, .metservice, .hko:
            let issuer = service.capFeed?.issuer ?? "?"
            return Row(
                code: code, issuer: issuer.prefix(1).uppercased() + issuer.dropFirst(), through: "its CAP feed",
                placing: "polygons only: listed apart")
        }
    }

    func testTheDocumentedCountriesAreThoseTheCodeAsksAndHow() throws {
        let documented = try documentedRows()
        XCTAssertGreaterThanOrEqual(documented.count, 39, "the table is found")
        for documentedRow in documented {
            let city = City(name: documentedRow.code, countryCode: documentedRow.code, latitude: 0, longitude: 0)
            let service = try XCTUnwrap(WarningService.covering(city), "\(documentedRow.code) has a service")
            XCTAssertEqual(documentedRow, row(documentedRow.code, service))
        }
        let codes = Set(documented.map(\.code))
        let covered = WarningService.meteoAlarmCountries.union(["NO", "US", "DE", "CA"]).union(CAPFeed.all.map(\.country))
        XCTAssertEqual(codes, covered, "every country the code covers is listed, and no other")
    }
}
