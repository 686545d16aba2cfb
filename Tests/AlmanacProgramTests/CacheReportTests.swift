import AlmanacHTTP
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import TestHarness

/// `cache stats`: the cache's entries counted per provider.
final class CacheReportTests: XCTestCase {
    func testStatsPerProvider() throws {
        let folder = try makeTemporaryFolder(self)
        let cache = JSONFileCache(folder: folder)
        try cache.write(CacheEntry(key: "a", provider: .fruityvice, name: "n", fetchedAt: Date(), ttl: 60, body: Data("1".utf8)))
        try cache.write(CacheEntry(key: "b", provider: .twelveData, name: "n", fetchedAt: Date(), ttl: 60, body: Data("2".utf8)))
        let stats = CacheReport.stats(cache, now: Date())
        XCTAssertEqual(stats.entries, 2)
        XCTAssertEqual(stats.perProvider["twelvedata"]?.entries, 1)
    }

    /// The sample answers kept for later runs are counted and removed like the rest: `stats`
    /// and `clear` used to say 0 while holding and deleting them.
    func testKeptSampleAnswersAreCountedAndCleared() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try runAlmanac(["weather", "Oslo", "--offline"], home: home).status, 0)
        let stats = try runAlmanac(["cache", "stats", "--json"], home: home)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(stats.out.utf8)) as? [String: Any])
        let kept = try XCTUnwrap(object["keptSampleAnswers"] as? Int)
        XCTAssertGreaterThan(kept, 0, stats.out)
        XCTAssertTrue(try runAlmanac(["cache", "stats"], home: home).out.contains("Kept sample answers: \(kept),"))
        let cleared = try runAlmanac(["cache", "clear"], home: home)
        XCTAssertEqual(cleared.out, "Removed 0 cached responses and \(kept) kept sample answers.\n")
        XCTAssertFalse(try runAlmanac(["cache", "stats"], home: home).out.contains("Kept sample answers"))
    }

    /// A `memo/` folder of kept outputs, left by an earlier version, is never read — the run
    /// works its output out — and `cache clear` removes it.
    func testAnOldMemoFolderIsIgnoredAndCleared() throws {
        let home = try makeTemporaryFolder(self)
        let memo = home.appendingPathComponent("cache/memo")
        try FileManager.default.createDirectory(at: memo, withIntermediateDirectories: true)
        try Data("almanac-memo 1\nOslo: (kept) +99°C\n".utf8).write(to: memo.appendingPathComponent("0123456789abcdef.memo"))
        let glance = try runAlmanac(["weather", "Oslo", "--format", "3", "--offline"], home: home)
        XCTAssertEqual(glance.out, "Oslo: 🌫 +5°C (sample)\n", "worked out by this run")
        XCTAssertEqual(try runAlmanac(["cache", "clear"], home: home).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: memo.path))
    }
}
