import AlmanacCore
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// The README's examples are tests: every `console` block is run on the built binary in sample
/// mode and compared with what the README shows (`scripts/readme-examples.py`; `make readme`
/// rewrites the blocks from a real run).
final class ReadmeExamplesTests: XCTestCase {
    private var repository: URL { repositoryFixtures.deletingLastPathComponent() }

    private func check(_ files: [URL] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = [
            "python3", repository.appendingPathComponent("scripts/readme-examples.py").path, productsFolder.appendingPathComponent("almanac").path,
        ]
        if !files.isEmpty { arguments += ["--file"] + files.map(\.path) }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testEveryConsoleBlockPrintsWhatTheReadmeShows() throws {
        let result = try check()
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("0 differ"), result.output)
    }

    func testAOneWordChangeToAnExampleFailsNamingTheCommandAndLine() throws {
        let folder = try makeTemporaryFolder(self)
        let readme = try String(contentsOf: repository.appendingPathComponent("docs/weather.md"), encoding: .utf8)
        let command = try XCTUnwrap(readme.range(of: "$ almanac weather add \"Saint Petersburg\" --pick 1\n"))
        let tail = readme[command.lowerBound...]
        // One command of the guide's block in a block of its own: enough to change a word in.
        let cut = try XCTUnwrap(tail.range(of: "\n$ almanac weather --format line"))
        let section = "```console\n" + String(tail[..<cut.lowerBound]) + "\n```\n"
        let changed = section.replacingOccurrences(of: "Saved Saint Petersburg, Russia (default).", with: "Saved Saint Petersburg, Russia (main).")
        XCTAssertNotEqual(changed, section)
        let file = folder.appendingPathComponent("EXAMPLE.md")
        try changed.write(to: file, atomically: true, encoding: .utf8)
        let result = try check([file])
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("`$ almanac weather add \"Saint Petersburg\" --pick 1`"), result.output)
        XCTAssertTrue(result.output.contains("README says: Saved Saint Petersburg, Russia (main)."), result.output)
    }

    /// README stays a five-minute read: at most 300 lines, the two commands in its first 40.
    func testTheReadmeIsShortAndStartsWithTheTwoCommands() throws {
        let lines = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        XCTAssertLessThanOrEqual(lines.count, 300)
        let opening = lines.prefix(40).joined(separator: "\n")
        XCTAssertTrue(opening.contains("make run") && opening.contains("make test"), opening)
    }
}
