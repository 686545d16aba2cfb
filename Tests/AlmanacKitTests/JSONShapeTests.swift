import Foundation
import XCTest

/// Every data command's `--json` is one object with its documented top-level keys (README,
/// "JSON shapes"); documents built from provider data carry `source`, `fetchedAt` and `stale`.
final class JSONShapeTests: XCTestCase {
    private let provenance: Set<String> = ["source", "fetchedAt", "stale"]

    func testEveryDataCommandPrintsItsDocumentedObject() throws {
        let home = try makeTemporaryFolder(self)
        let environment = ["ALMANAC_TODAY": "2026-11-21", "ALMANAC_OFFLINE": "1"]
        for setup in [["weather", "add", "Moscow"], ["fruit", "eat", "Banana"], ["exams", "add", "Physics", "--date", "2026-12-03 09:30"]] {
            XCTAssertEqual(try runAlmanac(setup, home: home, environment: environment).status, 0, "\(setup)")
        }
        let shapes: [([String], Set<String>, Bool)] = [
            (["weather"], ["city", "current", "units", "model"], true),
            (["weather", "forecast", "Moscow"], ["city", "days", "units", "model"], true),
            (["weather", "hourly", "Moscow"], ["city", "hours", "units", "model"], true),
            (["weather", "cities"], ["cities"], false),
            (["crypto"], ["rows"], true),
            (["crypto", "history", "BTC"], ["symbol", "name", "from", "to", "rows"], true),
            (["fruit", "list"], ["fruits"], true),
            (["fruit", "list", "--sort", "family"], ["groupedBy", "groups"], true),
            (["fruit", "show", "Banana"], ["id", "name", "family", "genus", "order", "nutrition", "highSugar"], true),
            (["fruit", "log"], ["items"], false),
            (["exams"], ["exams"], false),
            (["deals", "top", "--count", "1000", "--limit", "3"], ["items"], false),
            (["profile"], ["username"], false),
            (["cache", "list"], ["items"], false),
        ]
        for (arguments, keys, fromProvider) in shapes {
            let result = try runAlmanac(arguments + ["--json"], home: home, environment: environment)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(arguments)")
            let expected = fromProvider ? keys.union(provenance) : keys
            XCTAssertTrue(expected.isSubset(of: Set(object.keys)), "\(arguments): \(object.keys.sorted()) lacks \(expected.subtracting(object.keys))")
        }
    }
}
