import AlmanacHTTP
import AlmanacProviders
import Foundation
import FrontKit

/// `almanac cache stats` and `list`, as data.
package struct CacheReport: Sendable {
    /// One cached answer.
    package struct Item: Codable, Sendable {
        /// The request identity (no secrets).
        package var key: String
        /// The provider's stored name (`twelvedata`, `metno`, …).
        package var provider: String
        /// When the answer was fetched.
        package var fetchedAt: Date
        /// Seconds since it was fetched.
        package var ageSeconds: Int
        /// Size of the entry's file.
        package var bytes: Int
        /// True when it is no longer fresh.
        package var expired: Bool
        /// When the entry stops being fresh: the server's `Expires` / `max-age`, else fetch time plus TTL.
        package var expiresAt: Date
        /// Whether the expiry came from the server (`server`) or the endpoint's fixed TTL (`ttl`).
        package var expiryFrom: String
        /// The validator a revalidation sends: `etag`, `last-modified`, or nil when none.
        package var validator: String?
    }

    /// The cache folder as a whole.
    package struct Stats: Codable, Sendable {
        /// The cache folder's path.
        package var folder: String
        /// Cached answers.
        package var entries: Int
        /// Their total size.
        package var bytes: Int
        /// The size cap (`ALMANAC_CACHE_MAX_MB`).
        package var limitBytes: Int
        /// The oldest fetch; nil when empty.
        package var oldest: Date?
        /// The newest fetch; nil when empty.
        package var newest: Date?
        /// Counts and sizes by provider name.
        package var perProvider: [String: ProviderStats]
        /// Sample answers kept for later runs (`<cache>/replay/`): how many, and their size.
        package var keptSampleAnswers = 0
        package var keptSampleBytes = 0
    }

    /// One provider's share of the cache.
    package struct ProviderStats: Codable, Sendable {
        /// Its cached answers.
        package var entries: Int
        /// Their total size.
        package var bytes: Int
    }

    /// Every readable entry of the cache, with its age and expiry at `now`.
    package static func items(_ cache: JSONFileCache, now: Date) -> [Item] {
        cache.list().map { entry, bytes, _ in
            Item(
                key: entry.key, provider: entry.provider.rawValue, fetchedAt: entry.fetchedAt,
                ageSeconds: Int(entry.age(at: now)), bytes: bytes, expired: !entry.isFresh(at: now),
                expiresAt: entry.freshUntil(), expiryFrom: entry.expiresAt == nil ? "ttl" : "server",
                validator: entry.etag != nil ? "etag" : entry.lastModified != nil ? "last-modified" : nil)
        }
    }

    /// Totals for the folder, with the sample answers `fixtures` keeps beside it.
    package static func stats(_ cache: JSONFileCache, fixtures: FixtureTransport? = nil, now: Date) -> Stats {
        let items = items(cache, now: now)
        var perProvider: [String: ProviderStats] = [:]
        for item in items {
            var stats = perProvider[item.provider] ?? ProviderStats(entries: 0, bytes: 0)
            stats.entries += 1
            stats.bytes += item.bytes
            perProvider[item.provider] = stats
        }
        var stats = Stats(
            folder: cache.folder.path, entries: items.count, bytes: items.reduce(0) { $0 + $1.bytes },
            limitBytes: cache.limitBytes, oldest: items.map(\.fetchedAt).min(), newest: items.map(\.fetchedAt).max(),
            perProvider: perProvider)
        (stats.keptSampleAnswers, stats.keptSampleBytes) = fixtures?.keptAnswers() ?? (0, 0)
        return stats
    }
}
