import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacKit
@testable import AlmanacProviders

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
}
