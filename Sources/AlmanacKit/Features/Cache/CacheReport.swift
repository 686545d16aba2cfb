import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// `almanac cache stats` and `list`, as data.
public struct CacheReport: Sendable {
    /// One cached answer.
    public struct Item: Codable, Sendable {
        /// The request identity (no secrets).
        public var key: String
        /// The provider's stored name (`twelvedata`, `metno`, …).
        public var provider: String
        /// When the answer was fetched.
        public var fetchedAt: Date
        /// Seconds since it was fetched.
        public var ageSeconds: Int
        /// Size of the entry's file.
        public var bytes: Int
        /// True when it is no longer fresh.
        public var expired: Bool
        /// When the entry stops being fresh: the server's `Expires` / `max-age`, else fetch time plus TTL.
        public var expiresAt: Date
        /// Whether the expiry came from the server (`server`) or the endpoint's fixed TTL (`ttl`).
        public var expiryFrom: String
        /// The validator a revalidation sends: `etag`, `last-modified`, or nil when none.
        public var validator: String?
    }

    /// The cache folder as a whole.
    public struct Stats: Codable, Sendable {
        /// The cache folder's path.
        public var folder: String
        /// Cached answers.
        public var entries: Int
        /// Their total size.
        public var bytes: Int
        /// The size cap (`ALMANAC_CACHE_MAX_MB`).
        public var limitBytes: Int
        /// The oldest fetch; nil when empty.
        public var oldest: Date?
        /// The newest fetch; nil when empty.
        public var newest: Date?
        /// Counts and sizes by provider name.
        public var perProvider: [String: ProviderStats]
    }

    /// One provider's share of the cache.
    public struct ProviderStats: Codable, Sendable {
        /// Its cached answers.
        public var entries: Int
        /// Their total size.
        public var bytes: Int
    }

    /// Every readable entry of the cache, with its age and expiry at `now`.
    public static func items(_ cache: JSONFileCache, now: Date) -> [Item] {
        cache.list().map { entry, bytes, _ in
            Item(
                key: entry.key, provider: entry.provider.rawValue, fetchedAt: entry.fetchedAt,
                ageSeconds: Int(entry.age(at: now)), bytes: bytes, expired: !entry.isFresh(at: now),
                expiresAt: entry.freshUntil(), expiryFrom: entry.expiresAt == nil ? "ttl" : "server",
                validator: entry.etag != nil ? "etag" : entry.lastModified != nil ? "last-modified" : nil)
        }
    }

    /// Totals for the folder.
    public static func stats(_ cache: JSONFileCache, now: Date) -> Stats {
        let items = items(cache, now: now)
        var perProvider: [String: ProviderStats] = [:]
        for item in items {
            var stats = perProvider[item.provider] ?? ProviderStats(entries: 0, bytes: 0)
            stats.entries += 1
            stats.bytes += item.bytes
            perProvider[item.provider] = stats
        }
        return Stats(
            folder: cache.folder.path, entries: items.count, bytes: items.reduce(0) { $0 + $1.bytes },
            limitBytes: cache.limitBytes, oldest: items.map(\.fetchedAt).min(), newest: items.map(\.fetchedAt).max(),
            perProvider: perProvider)
    }
}
