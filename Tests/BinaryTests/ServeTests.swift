import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// `almanac serve` as a process: wttr.in's URLs answered with the one-shot glance's bytes, bad
/// requests refused with their status, one server per home, and SIGTERM (docs/serve.md).
final class ServeTests: XCTestCase {
    /// A running `almanac serve --port 0` in `home`, and the port it says it took.
    private struct Running {
        let process: Process
        let port: Int
        let errors: Pipe
    }

    private func start(home: URL, environment: [String: String] = [:]) throws -> Running {
        let process = Process()
        process.executableURL = productsFolder.appendingPathComponent("almanac")
        process.arguments = ["serve", "--port", "0"]
        process.environment = runEnvironment(home: home, ["ALMANAC_TODAY": "2026-11-20"].merging(environment) { _, new in new })
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        addTeardownBlock { if process.isRunning { process.terminate() } }
        var seen = ""
        while !seen.contains("\n") || !seen.contains("listening on") {
            let data = errors.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            seen += String(decoding: data, as: UTF8.self)
        }
        let port = seen.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }
        return Running(process: process, port: try XCTUnwrap(port, seen), errors: errors)
    }

    func testAGlanceThroughTheServerIsTheOneShotGlanceByteForByte() throws {
        let home = try makeTemporaryFolder(self)
        let providers = try FixtureServer(fixtures: repositoryFixtures)
        let environment = providers.environment.merging(["ALMANAC_TODAY": "2026-11-20"]) { _, new in new }
        let server = try start(home: home, environment: environment)
        for (query, format) in [("format=1", "1"), ("format=2", "2"), ("format=3", "3"), ("format=4", "4"), ("format=%l:+%c+%t+%w", "%l: %c %t %w")] {
            let answer = try RawHTTP.send(port: server.port, target: "/Oslo?\(query)")
            let oneShot = try runAlmanac(["weather", "Oslo", "--format", format], home: home, environment: environment)
            XCTAssertEqual(answer.status, 200, answer.body)
            XCTAssertEqual(answer.body, oneShot.out, query)
            XCTAssertFalse(answer.body.isEmpty, query)
        }
        let view = try RawHTTP.send(port: server.port, target: "/Oslo")
        XCTAssertTrue(view.body.hasPrefix("Now — Oslo, Norway"), view.body)
        let head = try RawHTTP.send(port: server.port, method: "HEAD", target: "/Oslo?format=3")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.body, "", "HEAD: the headers only")
        XCTAssertTrue(try RawHTTP.send(port: server.port, target: "/:help").body.contains("/Oslo?format=3"))
    }

    func testEveryBadRequestGetsItsStatusAndOneLine() throws {
        let home = try makeTemporaryFolder(self)
        let geocoder = try LoopbackServer { _ in .json(#"{"generationtime_ms": 0.3}"#) }
        let server = try start(home: home, environment: ["ALMANAC_OPENMETEO_GEOCODING_URL": geocoder.baseURL])
        let cases: [(method: String, target: String, headers: [(String, String)], status: Int, says: String)] = [
            ("GET", "/Oslo?format=%25Q", [], 400, "unknown format code %Q"),
            ("GET", "/Oslo?u", [], 400, "?u (USCS units) is not served here"),
            ("GET", "/Qwxyzville?format=3", [], 404, "No place called \"Qwxyzville\" was found"),
            ("POST", "/Oslo", [], 405, "Only GET and HEAD"),
            ("DELETE", "/Oslo", [], 405, "Only GET and HEAD"),
            ("GET", "/" + String(repeating: "a", count: 2100), [], 414, "longer than 2048 bytes"),
            ("GET", "/Oslo", (0..<20).map { ("X-Filler-\($0)", String(repeating: "b", count: 500)) }, 431, "longer than 8192 bytes"),
        ]
        for item in cases {
            let answer = try RawHTTP.send(port: server.port, method: item.method, target: item.target, headers: item.headers)
            XCTAssertEqual(answer.status, item.status, "\(item.method) \(item.target.prefix(40)): \(answer.body)")
            XCTAssertTrue(answer.body.contains(item.says), "\(item.method) \(item.target.prefix(40)): \(answer.body)")
            XCTAssertEqual(answer.body.split(separator: "\n").count, 1, answer.body)
        }
        XCTAssertEqual(try RawHTTP.send(port: server.port, method: "POST", target: "/").headers["allow"], "GET, HEAD")
    }

    func testASecondServerRefusesNamingTheFirstAndSIGTERMGivesTheHomeBack() throws {
        let home = try makeTemporaryFolder(self)
        let first = try start(home: home)
        let second = Process()
        second.executableURL = productsFolder.appendingPathComponent("almanac")
        second.arguments = ["serve", "--port", "0"]
        second.environment = runEnvironment(home: home, [:])
        let errors = Pipe()
        second.standardError = errors
        try second.run()
        second.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(second.terminationStatus, 75, said)
        XCTAssertTrue(said.contains("already running") && said.contains("pid \(first.process.processIdentifier)"), said)
        XCTAssertTrue(said.contains("127.0.0.1:\(first.port)"), said)
        XCTAssertEqual(said.split(separator: "\n").count, 1, said)

        first.process.terminate()  // SIGTERM
        first.process.waitUntilExit()
        XCTAssertEqual(first.process.terminationStatus, 0)
        let log = String(decoding: first.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(log.contains("stopped."), log)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("state/serve.json").path), "the record goes")
        let again = try start(home: home)
        XCTAssertEqual(try RawHTTP.send(port: again.port, target: "/Oslo?format=3").status, 200, "the home is free again")
    }
}
