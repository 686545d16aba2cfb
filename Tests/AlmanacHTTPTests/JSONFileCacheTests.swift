import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacProviders

final class JSONFileCacheTests: XCTestCase {
    func testRoundTripEmbedsJSONBody() throws {
        let folder = try makeTemporaryFolder(self)
        let cache = JSONFileCache(folder: folder)
        let entry = CacheEntry(
            key: "fruityvice GET /api/fruit/all", provider: .fruityvice, name: "fruityvice.all",
            fetchedAt: Date(timeIntervalSince1970: 1_800_000_000), ttl: 604_800, etag: "\"x\"", body: Data("[{\"id\":1}]".utf8))
        try cache.write(entry)
        XCTAssertEqual(cache.read(key: entry.key, provider: .fruityvice)?.etag, "\"x\"")
        let text = try String(contentsOf: cache.fileURL(for: entry.key, provider: .fruityvice), encoding: .utf8)
        XCTAssertTrue(text.hasSuffix(",\"body\":[{\"id\":1}]}"), text)
        XCTAssertTrue(text.contains("\"schema\":1"))
    }

    func testNonJSONBodyAndTrickyKeysRoundTrip() throws {
        let folder = try makeTemporaryFolder(self)
        let cache = JSONFileCache(folder: folder)
        let key = "yandex GET /1.x/?geocode=,\"body\":{}&x=1"
        let entry = CacheEntry(
            key: key, provider: .yandexGeocoder, name: "n", fetchedAt: Date(timeIntervalSince1970: 1), ttl: 5,
            body: Data("<html>,\"body\": not json</html>".utf8))
        try cache.write(entry)
        XCTAssertEqual(cache.read(key: key, provider: .yandexGeocoder), entry)
    }

    /// Entries used longest ago go first; a read marks an entry used when it was last marked more
    /// than an hour ago (and leaves one marked since as it is, stamp and all).
    func testLeastRecentlyUsedTrim() throws {
        let folder = try makeTemporaryFolder(self)
        let cache = JSONFileCache(folder: folder, limitBytes: 5_000)
        let body = Data(("\"" + String(repeating: "x", count: 1_500) + "\"").utf8)
        for index in 0..<3 {
            try cache.write(CacheEntry(key: "k\(index)", provider: .fruityvice, name: "n", fetchedAt: Date(), ttl: 60, body: body))
            let url = cache.fileURL(for: "k\(index)", provider: .fruityvice)
            let hoursAgo = [4, 3, 0.5][index]
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -hoursAgo * 3600)], ofItemAtPath: url.path)
        }
        let recent = FileStamp(path: cache.fileURL(for: "k2", provider: .fruityvice).path)
        _ = cache.read(key: "k2", provider: .fruityvice)
        XCTAssertEqual(FileStamp(path: cache.fileURL(for: "k2", provider: .fruityvice).path), recent, "marked half an hour ago: left as it is")
        _ = cache.read(key: "k0", provider: .fruityvice)  // k0 becomes the most recently used
        try cache.write(CacheEntry(key: "k3", provider: .fruityvice, name: "n", fetchedAt: Date(), ttl: 60, body: body))
        XCTAssertNotNil(cache.read(key: "k0", provider: .fruityvice))
        XCTAssertNil(cache.read(key: "k1", provider: .fruityvice))
        XCTAssertNotNil(cache.read(key: "k3", provider: .fruityvice))
    }

    func testClearByProviderAndPrune() throws {
        let folder = try makeTemporaryFolder(self)
        let cache = JSONFileCache(folder: folder)
        let now = Date()
        try cache.write(
            CacheEntry(key: "a", provider: .fruityvice, name: "n", fetchedAt: now.addingTimeInterval(-100), ttl: 60, body: Data("1".utf8)))
        try cache.write(CacheEntry(key: "b", provider: .twelveData, name: "n", fetchedAt: now, ttl: 60, body: Data("2".utf8)))
        try cache.write(CacheEntry(key: "c", provider: .twelveData, name: "n", fetchedAt: now, ttl: 60, body: Data("3".utf8)))
        XCTAssertEqual(cache.prune(now: now), 1)
        XCTAssertEqual(cache.clear(provider: .twelveData), 2)
        XCTAssertEqual(cache.list().count, 0)

        try cache.write(CacheEntry(key: "d", provider: .openWeather, name: "n", fetchedAt: now, ttl: 60, body: Data("4".utf8)))
        try cache.write(CacheEntry(key: "e", provider: .openWeatherPro, name: "n", fetchedAt: now, ttl: 60, body: Data("5".utf8)))
        XCTAssertEqual(cache.clear(provider: .openWeather), 1, "openweather is not openweather-pro")
        XCTAssertEqual(cache.list().map(\.entry.key), ["e"])
    }
}
