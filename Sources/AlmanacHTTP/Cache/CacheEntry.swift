import AlmanacCore
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

    public init(
        key: String, provider: Provider, name: String, fetchedAt: Date, ttl: TimeInterval,
        status: Int = 200, etag: String? = nil, lastModified: String? = nil, body: Data
    ) {
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

    /// The envelope: header fields first, the body last, spliced in as-is when it is JSON.
    func encoded() throws -> Data {
        var header: [String: Any] = [
            "schema": Self.schemaVersion, "key": key, "provider": provider.rawValue, "name": name,
            "fetchedAt": fetchedAt.timeIntervalSince1970, "fetchedAtISO": ISO8601DateFormatter().string(from: fetchedAt),
            "ttl": ttl, "status": status,
        ]
        if let etag { header["etag"] = etag }
        if let lastModified { header["lastModified"] = lastModified }
        var data = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys, .withoutEscapingSlashes])
        data.removeLast()  // the closing brace
        if (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil {
            data.append(contentsOf: Array(Self.bodyMarker.utf8))
            data.append(body)
        } else {
            data.append(contentsOf: Array(Self.textMarker.utf8))
            data.append(try JSONSerialization.data(withJSONObject: String(decoding: body, as: UTF8.self), options: [.fragmentsAllowed]))
        }
        data.append(UInt8(ascii: "}"))
        return data
    }

    /// Written after every header field; inside a JSON string a quote is always escaped,
    /// so the first occurrence is the structural one.
    static let bodyMarker = ",\"body\":"
    static let textMarker = ",\"bodyText\":"

    /// Parses an envelope; nil when truncated, malformed or of another schema version.
    /// Only the small header is parsed; the body is sliced out as it was stored.
    static func decode(_ data: Data) -> CacheEntry? {
        guard data.last == UInt8(ascii: "}") else { return nil }
        let body: Data
        let headerEnd: Data.Index
        if let range = data.range(of: Data(bodyMarker.utf8)) {
            headerEnd = range.lowerBound
            body = data[range.upperBound..<(data.endIndex - 1)]
        } else if let range = data.range(of: Data(textMarker.utf8)) {
            headerEnd = range.lowerBound
            guard let text = JSONValue.parse(Data(data[range.upperBound..<(data.endIndex - 1)]))?.stringValue
            else { return nil }
            body = Data(text.utf8)
        } else {
            return nil
        }
        var headerData = Data(data[data.startIndex..<headerEnd])
        headerData.append(UInt8(ascii: "}"))
        guard let object = JSONValue.parse(headerData),
            object["schema"]?.intValue == schemaVersion,
            let key = object["key"]?.stringValue,
            let provider = object["provider"]?.stringValue.map(Provider.named),
            let fetchedAt = object["fetchedAt"]?.doubleValue,
            let ttl = object["ttl"]?.doubleValue,
            !body.isEmpty
        else { return nil }
        return CacheEntry(
            key: key, provider: provider, name: object["name"]?.stringValue ?? "",
            fetchedAt: Date(timeIntervalSince1970: fetchedAt), ttl: ttl, status: object["status"]?.intValue ?? 200,
            etag: object["etag"]?.stringValue, lastModified: object["lastModified"]?.stringValue, body: Data(body))
    }
}
