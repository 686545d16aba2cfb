import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

final class FixtureLocatorTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("locate-\(UUID().uuidString)").resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    private func make(_ path: String) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: file)
    }

    /// A checkout: the Fixtures folder above the binary, reached through a symbolic link.
    func testFindsTheCheckoutsFixturesThroughALink() throws {
        try make("pkg/Fixtures/README.md")
        try make("pkg/.build/x86_64/release/almanac")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("bin/almanac"), withDestinationURL: root.appendingPathComponent("pkg/.build/x86_64/release/almanac"))
        let found = FixtureLocator.locate(environment: Environment(), executablePath: root.appendingPathComponent("bin/almanac").path)
        XCTAssertEqual(found?.path, root.appendingPathComponent("pkg/Fixtures").path)
    }

    /// An installed binary: `<prefix>/share/almanac/Fixtures` beside `<prefix>/bin`.
    func testFindsTheInstalledFixtures() throws {
        try make("prefix/share/almanac/Fixtures/README.md")
        try make("prefix/bin/almanac")
        let found = FixtureLocator.locate(environment: Environment(), executablePath: root.appendingPathComponent("prefix/bin/almanac").path)
        XCTAssertEqual(found?.path, root.appendingPathComponent("prefix/share/almanac/Fixtures").path)
    }

    func testTheVariableWins() throws {
        let found = FixtureLocator.locate(environment: Environment(["ALMANAC_FIXTURES": "/elsewhere/set"]), executablePath: "/usr/bin/almanac")
        XCTAssertEqual(found?.path, "/elsewhere/set")
    }

    func testTheCommitFromTheInstalledFileOrTheCheckout() throws {
        try make("pkg/.git/refs/heads/main")
        try Data("ref: refs/heads/main\n".utf8).write(to: root.appendingPathComponent("pkg/.git/HEAD"))
        try Data("0123456789abcdef0123456789abcdef01234567\n".utf8).write(to: root.appendingPathComponent("pkg/.git/refs/heads/main"))
        try make("pkg/.build/release/almanac")
        XCTAssertEqual(FixtureLocator.commit(executablePath: root.appendingPathComponent("pkg/.build/release/almanac").path), "0123456789ab")
        try make("prefix/bin/almanac")
        try make("prefix/share/almanac/COMMIT")
        try Data("fedcba987654\n".utf8).write(to: root.appendingPathComponent("prefix/share/almanac/COMMIT"))
        XCTAssertEqual(FixtureLocator.commit(executablePath: root.appendingPathComponent("prefix/bin/almanac").path), "fedcba987654")
        try make("elsewhere/almanac")
        XCTAssertNil(FixtureLocator.commit(executablePath: root.appendingPathComponent("elsewhere/almanac").path))
    }

    /// A program installed with nothing beside it (run in process from a path in an empty folder).
    func testABinaryWithoutSampleDataSaysSoInAPersonsWords() throws {
        let home = try makeTemporaryFolder(self)
        let installed = home.appendingPathComponent("almanac")
        for (arguments, what) in [
            (["weather", "forecast", "Moscow", "--offline"], "for the places called \"Moscow\""),
            (["weather", "55.75,37.61", "--offline"], "for the weather at 55.75,37.61"),
            (["fruit", "show", "banana", "--offline"], "for the "),
        ] {
            let result = try runAlmanac(arguments, home: home, executable: installed)
            XCTAssertEqual(result.status, 69, result.err)
            XCTAssertTrue(result.err.hasPrefix("almanac: No sample data is installed, so there is none " + what), result.err)
            XCTAssertFalse(result.err.contains("GET") || result.err.contains("?") || result.err.contains("/1.x/"), "no request line: \(result.err)")
        }
        // ALMANAC_FIXTURES_DIR, the last place looked in, finds them; the doctor says how.
        let doctor = try runAlmanac(
            ["doctor"], home: home, environment: ["ALMANAC_FIXTURES_DIR": repositoryFixtures.path], executable: installed)
        XCTAssertTrue(doctor.out.contains("Sample data: \(repositoryFixtures.path) (shipped, ALMANAC_FIXTURES_DIR"), doctor.out)
    }
}
