import Foundation
import XCTest

@testable import TestHarness

/// `--refresh` asks for a live answer only: with `--offline`, or with the provider unreachable,
/// every feature refuses with one line and exit 69 — never the sample data, never another
/// provider's (`crypto` used to print Twelve Data's sample while Kraken was unreachable).
final class RefreshOfflineTests: XCTestCase {
    private static let commands = [["weather", "Oslo"], ["fruit", "list"], ["crypto"], ["crypto", "history", "BTC"]]

    func testRefreshOfflineRefusesForEveryFeature() throws {
        let home = try makeTemporaryFolder(self)
        for command in Self.commands {
            let result = try runAlmanac(command + ["--refresh", "--offline"], home: home)
            assertOneLineError(result, status: 69, contains: command == ["weather", "Oslo"] ? "working offline" : "drop --refresh or --offline")
            XCTAssertFalse(result.out.contains("Source:"), "\(command): nothing shown: \(result.out)")
        }
    }

    func testRefreshWithTheProviderUnreachableRefusesForEveryFeature() throws {
        let home = try makeTemporaryFolder(self)
        for command in Self.commands {
            let result = try runAlmanac(command + ["--refresh"], home: home)
            XCTAssertEqual(result.status, 69, "\(command): \(result.err)")
            XCTAssertEqual(result.err.split(separator: "\n").filter { $0.hasPrefix("almanac:") }.count, 1, result.err)
            XCTAssertFalse(result.out.contains("Twelve Data"), "\(command): no other provider's sample: \(result.out)")
        }
    }
}
