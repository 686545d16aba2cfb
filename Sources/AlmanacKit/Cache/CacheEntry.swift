import Foundation

/// One cached response. On disk an envelope:
/// `{"schema":1,"key":…,"provider":…,"name":…,"fetchedAt":…,"ttl":…,"status":…,"etag":…,"lastModified":…,"body":{…}}`
/// with `body` embedded as JSON when it is JSON, else `bodyText`.
public struct CacheEntry: Sendable, Equatable {
    public static let schemaVersion = 1

    /// The request identity (no secrets).
    public var key: String
    public var provider: Provider
    public var name: String
    public var fetchedAt: Date
    /// Freshness lifetime in seconds.
    public var ttl: TimeInterval
    public var status: Int
    public var etag: String?
    public var lastModified: String?
    public var body: Data

    public init(key: String, provider: Provider, name: String, fetchedAt: Date, ttl: TimeInterval,
                status: Int = 200, etag: String? = nil, lastModified: String? = nil, body: Data) {
        self.key = key
        self.provider = provider
        self.name = name
        self.fetchedAt = fetchedAt
        self.ttl = ttl
        self.status = status
        self.etag = etag
        self.lastModified = lastModified
        self.body = body
    }

    public func age(at now: Date) -> TimeInterval { now.timeIntervalSince(fetchedAt) }

    // MARK: - Envelope

    func encoded() throws -> Data {
        var object: [String: Any] = [
            "schema": Self.schemaVersion, "key": key, "provider": provider.rawValue, "name": name,
            "fetchedAt": fetchedAt.timeIntervalSince1970, "fetchedAtISO": ISO8601DateFormatter().string(from: fetchedAt),
            "ttl": ttl, "status": status,
        ]
        if let etag { object["etag"] = etag }
        if let lastModified { object["lastModified"] = lastModified }
        if let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            object["body"] = json
        } else {
            object["bodyText"] = String(decoding: body, as: UTF8.self)
        }
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    /// Parses an envelope; nil when truncated, malformed or of another schema version.
    static func decode(_ data: Data) -> CacheEntry? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["schema"] as? Int == schemaVersion,
            let key = object["key"] as? String,
            let provider = (object["provider"] as? String).flatMap(Provider.init(rawValue:)),
            let fetchedAt = object["fetchedAt"] as? Double,
            let ttl = object["ttl"] as? Double
        else { return nil }
        let body: Data
        if let json = object["body"] {
            guard let encoded = try? JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed]) else { return nil }
            body = encoded
        } else if let text = object["bodyText"] as? String {
            body = Data(text.utf8)
        } else {
            return nil
        }
        return CacheEntry(
            key: key, provider: provider, name: object["name"] as? String ?? "",
            fetchedAt: Date(timeIntervalSince1970: fetchedAt), ttl: ttl, status: object["status"] as? Int ?? 200,
            etag: object["etag"] as? String, lastModified: object["lastModified"] as? String, body: body)
    }
}
