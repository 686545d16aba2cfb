import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// docs/json.md is the shape of every `--json` document, and this test holds the program to it:
/// each heading's command runs on the sample data; its fields, their types, the source fields
/// and the Place objects are checked against the tables, and no number anywhere is a string.
final class JSONShapeTests: XCTestCase {
    /// One table of docs/json.md: its heading and its fields' types (`string?`: may be absent).
    private struct Section {
        var heading: String
        var fields: [String: String]
        var sourced: Bool
    }

    private func sections() throws -> [Section] {
        let text = try String(contentsOf: repositoryFixtures.deletingLastPathComponent().appendingPathComponent("docs/json.md"), encoding: .utf8)
        return text.components(separatedBy: "\n## ").dropFirst().map { part in
            let lines = part.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var fields: [String: String] = [:]
            for line in lines where line.hasPrefix("| `") {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                fields[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
            }
            return Section(heading: lines[0], fields: fields, sourced: part.contains("\nWith the source fields"))
        }
    }

    func testEveryCommandPrintsTheShapeDocsJSONGives() throws {
        let all = try sections()
        let source = try XCTUnwrap(all.first { $0.heading == "Source fields" }).fields
        let place = try XCTUnwrap(all.first { $0.heading == "Place" }).fields
        let commands = all.filter { $0.heading.hasPrefix("`almanac ") }
        XCTAssertGreaterThanOrEqual(commands.count, 25, "every command has its table")
        let home = try makeTemporaryFolder(self)
        let environment = ["ALMANAC_TODAY": "2026-11-21", "ALMANAC_OFFLINE": "1"]
        for setup in [
            ["weather", "add", "Moscow"], ["fruit", "eat", "Banana"], ["exams", "add", "Physics", "--date", "2026-12-03 09:30"],
            ["crypto", "portfolio", "add", "BTC", "0.5", "--cost", "30000", "--date", "2026-11-20"],
            ["crypto", "alert", "add", "BTC", "above", "1000"],
        ] {
            XCTAssertEqual(try runAlmanac(setup, home: home, environment: environment).status, 0, "\(setup)")
        }
        for section in commands {
            let arguments = section.heading.trimmingCharacters(in: CharacterSet(charactersIn: "`")).split(separator: " ").dropFirst().map(String.init)
            let result = try runAlmanac(arguments + ["--json"], home: home, environment: environment)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
            let document = try XCTUnwrap(JSONValue.parse(Data(result.out.utf8)), "one document: \(arguments)")
            let object = try XCTUnwrap(Self.members(document), "an object: \(arguments)")
            check(object, against: section.fields.merging(section.sourced ? source : [:]) { own, _ in own }, "\(arguments)")
            if section.sourced { checkSourceFields(object, "\(arguments)") }
            for city in cities(in: document) { check(city, against: place, "\(arguments) city") }
            for (path, text) in numericStrings(document, path: "") { XCTFail("\(arguments): \(path) is the string \"\(text)\", not a number") }
        }
    }

    /// Required fields there with their type; nothing the table does not name.
    private func check(_ object: [String: JSONValue], against fields: [String: String], _ what: String) {
        for (name, type) in fields where !type.hasSuffix("?") {
            XCTAssertNotNil(object[name], "\(what): \(name) is missing")
        }
        for (name, value) in object {
            guard let type = fields[name] else {
                XCTFail("\(what): \(name) is not in docs/json.md")
                continue
            }
            XCTAssertTrue(matches(value, type.trimmingCharacters(in: CharacterSet(charactersIn: "?"))), "\(what): \(name) is not a \(type): \(value)")
        }
    }

    private func checkSourceFields(_ object: [String: JSONValue], _ what: String) {
        XCTAssertTrue(
            ["live", "cache", "sample"].contains(object["source"]?.stringValue ?? ""), "\(what): source \(String(describing: object["source"]))")
        XCTAssertTrue((object["fetchedAt"] == nil) != (object["recordedOn"] == nil), "\(what): fetchedAt or recordedOn, one of them")
    }

    /// An object's members by name; nil for anything else.
    private static func members(_ value: JSONValue?) -> [String: JSONValue]? {
        guard case .object(let members)? = value else { return nil }
        return Dictionary(members) { first, _ in first }
    }

    private func matches(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("string", .string): return true
        case ("time", .string(let text)): return ISO8601DateFormatter().date(from: text) != nil
        case ("date", .string(let text)): return text.range(of: #"^\d{4}-\d\d-\d\d$"#, options: .regularExpression) != nil
        case ("boolean", .bool), ("integer", .int), ("number", .int), ("number", .double), ("array", .array), ("object", .object): return true
        case ("integer", .double(let number)): return number == number.rounded()
        default: return false
        }
    }

    /// Every `city` object in the document, however deep.
    private func cities(in value: JSONValue) -> [[String: JSONValue]] {
        switch value {
        case .object(let members):
            let own = members.first { $0.0 == "city" }.flatMap { Self.members($0.1) }.map { [$0] } ?? []
            return own + members.filter { $0.0 != "city" }.flatMap { cities(in: $0.1) }
        case .array(let items): return items.flatMap(cities)
        default: return []
        }
    }

    /// Strings that read as a plain number (`"1000"`), with where they are.
    private func numericStrings(_ value: JSONValue, path: String) -> [(String, String)] {
        switch value {
        case .string(let text): return text.range(of: #"^-?\d+(\.\d+)?$"#, options: .regularExpression) == nil ? [] : [(path, text)]
        case .object(let members): return members.flatMap { numericStrings($0.1, path: path + "." + $0.0) }
        case .array(let items): return items.flatMap { numericStrings($0, path: path + "[]") }
        default: return []
        }
    }
}
