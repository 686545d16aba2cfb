import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// `almanac cache stats` and `list`, as data.
public struct CacheReport: Sendable {
    public struct Item: Codable, Sendable {
        public var key: String
        public var provider: String
        public var fetchedAt: Date
        public var ageSeconds: Int
        public var bytes: Int
        public var expired: Bool
        /// When the entry stops being fresh: the server's `Expires` / `max-age`, else fetch time plus TTL.
        public var expiresAt: Date
        /// Whether the expiry came from the server (`server`) or the endpoint's fixed TTL (`ttl`).
        public var expiryFrom: String
        /// The validator a revalidation sends: `etag`, `last-modified`, or nil when none.
        public var validator: String?
    }

    public struct Stats: Codable, Sendable {
        public var folder: String
        public var entries: Int
        public var bytes: Int
        public var limitBytes: Int
        public var oldest: Date?
        public var newest: Date?
        public var perProvider: [String: ProviderStats]
    }

    public struct ProviderStats: Codable, Sendable {
        public var entries: Int
        public var bytes: Int
    }

    public static func items(_ cache: JSONFileCache, now: Date) -> [Item] {
        cache.list().map { entry, bytes, _ in
            Item(
                key: entry.key, provider: entry.provider.rawValue, fetchedAt: entry.fetchedAt,
                ageSeconds: Int(entry.age(at: now)), bytes: bytes, expired: !entry.isFresh(at: now),
                expiresAt: entry.freshUntil(), expiryFrom: entry.expiresAt == nil ? "ttl" : "server",
                validator: entry.etag != nil ? "etag" : entry.lastModified != nil ? "last-modified" : nil)
        }
    }

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
