import Foundation
import XCTest

@testable import AlmanacKit

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
}
