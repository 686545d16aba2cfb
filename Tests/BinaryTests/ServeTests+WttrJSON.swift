import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// `?format=j1` read by a wttr.in client from the registry that no one here wrote (pywttr, whose
/// models check every member and its type; scripts/wttr-client.py), and wttr.in's unit options
/// (docs/serve.md, "wttr.in's JSON").
extension ServeTests {
    func testAWttrClientFromTheRegistryReadsJ1AndUnitsAreTheCommandsWithThem() throws {
        let python = repositoryFixtures.deletingLastPathComponent().appendingPathComponent(".build/wttr-client/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw XCTSkip("pywttr is not installed: make test installs it in .build/wttr-client (scripts/install-deps.sh)")
        }
        let home = try makeTemporaryFolder(self)
        let providers = try FixtureServer(fixtures: repositoryFixtures, redated: true)
        let environment = providers.environment.merging(["ALMANAC_TODAY": "2026-11-20", "ALMANAC_NO_SERVER": "1"]) { _, new in new }
        let server = try start(home: home, environment: environment)
        for place in ["Oslo", "New York"] {
            let parsed = try wttrClient(python, port: server.port, place: place)
            let now = try JSONSerialization.jsonObject(
                with: Data(try runAlmanac(["weather", place, "--json"], home: home, environment: environment).out.utf8))
            let forecast = try runAlmanac(["weather", "forecast", place, "--json"], home: home, environment: environment).out
            let days = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(forecast.utf8)) as? [String: Any])?["days"] as? [[String: Any]])
            let current = try XCTUnwrap((now as? [String: Any])?["current"] as? [String: Any])
            XCTAssertEqual(parsed["temp_c"] as? Int, Int(try XCTUnwrap(current["temperature"] as? Double).rounded()), place)
            XCTAssertEqual(parsed["area"] as? String, place)
            XCTAssertEqual(parsed["dates"] as? [String], days.prefix(3).map { $0["date"] as? String ?? "" }, place)
            XCTAssertEqual(parsed["max_c"] as? [Int], days.prefix(3).map { Int(($0["maximum"] as? Double ?? .nan).rounded()) }, place)
            XCTAssertEqual(parsed["slots"] as? [[Int]], Array(repeating: Array(stride(from: 0, to: 2400, by: 300)), count: 3), place)
            XCTAssertNotNil((parsed["sunrise"] as? String)?.wholeMatch(of: /\d\d:\d\d [AP]M/), "\(parsed)")
        }
        XCTAssertEqual(try wttrClient(python, port: server.port, place: "Qwxyzville")["status"] as? Int, 503, "no such place offline: 503")
        let j2 = try RawHTTP.send(port: server.port, target: "/Oslo?format=j2")
        XCTAssertEqual(j2.headers["content-type"], "application/json")
        XCTAssertTrue(j2.body.contains("\"weather\":[{\"astronomy\"") && !j2.body.contains("\"hourly\""), "j2: the days without their slots")
        try assertUnitsAreTheCommandsWithThem(server, home: home, environment: environment)
    }

    /// `?u` and `?m&M`, and a glance forwarded with `ALMANAC_UNITS`: the command with those
    /// units, byte for byte.
    private func assertUnitsAreTheCommandsWithThem(_ server: Running, home: URL, environment: [String: String]) throws {
        for (query, units) in [
            ("u", ["ALMANAC_UNITS": "imperial", "ALMANAC_WIND": "mph"]), ("m&M", ["ALMANAC_UNITS": "metric", "ALMANAC_WIND": "ms"]),
        ] {
            let answer = try RawHTTP.send(port: server.port, target: "/Oslo?format=%t+%w&\(query)")
            let oneShot = try runAlmanac(
                ["weather", "Oslo", "--format", "%t %w"], home: home, environment: environment.merging(units) { _, new in new })
            XCTAssertEqual(answer.body, oneShot.out, query)
        }
        XCTAssertTrue(try RawHTTP.send(port: server.port, target: "/Oslo?format=%t&u").body.contains("°F"))
        // A glance forwarded to the server carries its units: the same bytes as alone.
        var forwarded = environment.merging(["ALMANAC_UNITS": "imperial", "ALMANAC_SERVE_WAIT": "10"]) { _, new in new }
        forwarded["ALMANAC_NO_SERVER"] = nil
        let served = try runAlmanac(["weather", "Oslo", "--format", "%t"], home: home, environment: forwarded)
        XCTAssertEqual(
            served.out,
            try runAlmanac(
                ["weather", "Oslo", "--format", "%t"], home: home, environment: environment.merging(["ALMANAC_UNITS": "imperial"]) { _, new in new }
            ).out)
        XCTAssertTrue(served.out.contains("°F"), served.out)
        XCTAssertTrue(waitUntil(seconds: 5) { server.log.contains("glance weather") }, "it went through the server: \(server.log)")
    }

    /// What pywttr parsed from `/PLACE?format=j1&lang=en`, or the HTTP status it refused.
    private func wttrClient(_ python: URL, port: Int, place: String) throws -> [String: Any] {
        let process = Process()
        process.executableURL = python
        let script = repositoryFixtures.deletingLastPathComponent().appendingPathComponent("scripts/wttr-client.py")
        process.arguments = [script.path, "http://127.0.0.1:\(port)", place]
        // Its errors to a file, so that a long traceback never fills a pipe no one reads yet.
        let errorsFile = try makeTemporaryFolder(self).appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
        let output = Pipe()
        (process.standardOutput, process.standardError) = (output, try FileHandle(forWritingTo: errorsFile))
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let problem = (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? ""
        XCTAssertTrue([0, 3].contains(process.terminationStatus), "pywttr failed on \(place): \(problem)")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], problem)
    }
}
