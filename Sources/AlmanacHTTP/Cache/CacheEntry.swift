import AlmanacCore
import Foundation

/// One cached response. On disk an envelope:
/// `{"schema":1,"key":…,"provider":…,"name":…,"fetchedAt":…,"ttl":…,"expiresAt":…,"status":…,"etag":…,"lastModified":…,"fields":{…},"body":{…}}`
/// with `body` embedded as JSON when it is JSON, else `bodyText`. `expiresAt` is there only when
/// the server set the answer's freshness (docs/architecture.md §4).
package struct CacheEntry: Sendable, Equatable {
    package static let schemaVersion = 1

    /// The request identity (no secrets).
    package var key: String
    package var provider: Provider
    package var name: String
    package var fetchedAt: Date
    /// The endpoint's freshness lifetime in seconds: used when the server set none.
    package var ttl: TimeInterval
    /// When the server's own `Cache-Control: max-age` or `Expires` ends the answer's freshness.
    package var expiresAt: Date?
    package var status: Int
    package var etag, lastModified: String?
    /// RFC 5861: seconds past freshness the server lets a stale answer be shown while it is
    /// revalidated (`stale-while-revalidate`) and after an error (`stale-if-error`), when it said.
    package var staleWhileRevalidate, staleIfError: TimeInterval?
    /// The response's freshness fields as received (`cache-control`, `expires`, by lower-case
    /// name): a `304` updates them and keeps the rest (RFC 9111 §4.3.4), and `must-revalidate`
    /// is read from them.
    package var fields: [String: String] = [:]
    package var body: Data

    package init(
        key: String, provider: Provider, name: String, fetchedAt: Date, ttl: TimeInterval, expiresAt: Date? = nil,
        status: Int = 200, etag: String? = nil, lastModified: String? = nil, body: Data
    ) {
        self.expiresAt = expiresAt
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

    package func age(at now: Date) -> TimeInterval { now.timeIntervalSince(fetchedAt) }

    /// The freshness fields kept with an entry: those a `304` may update.
    package static let freshnessFields = ["cache-control", "expires"]

    /// The freshness fields of `headers` (lower-case names) worth keeping.
    package static func fields(of headers: [String: String]) -> [String: String] {
        headers.filter { freshnessFields.contains($0.key) }
    }

    /// `Cache-Control: must-revalidate`: once stale, never shown without the server's word
    /// (RFC 9111 §5.2.2.2) — not stale-first, not after an error, not offline.
    package var mustRevalidate: Bool { CacheControl(fields["cache-control"] ?? "").mustRevalidate }

    /// The entry renewed by a `304` received at `now` with `headers` (RFC 9111 §4.3.4): its body
    /// and status kept; its freshness fields replaced by those the `304` sends and kept where it
    /// sends none, then its freshness worked out again (the `304`'s own `Date` and `Age`);
    /// validators the `304` sends replace the stored ones.
    package func renewed(by headers: [String: String], at now: Date) -> CacheEntry {
        var entry = self
        entry.fields.merge(Self.fields(of: headers)) { _, new in new }
        var merged = entry.fields
        for name in ["date", "age"] { merged[name] = headers[name] }
        entry.fetchedAt = now
        entry.expiresAt = Freshness.of(headers: merged, receivedAt: now).expiresAt
        (entry.staleWhileRevalidate, entry.staleIfError) = Freshness.staleAllowances(headers: merged)
        entry.etag = headers["etag"] ?? etag
        entry.lastModified = headers["last-modified"] ?? lastModified
        return entry
    }

    /// When the entry stops being fresh: the server's expiry when it set one, else fetch time
    /// plus the endpoint's TTL; `maxAge` (`--max-age`, seconds) caps either.
    package func freshUntil(maxAge: TimeInterval? = nil) -> Date {
        let own = expiresAt ?? fetchedAt.addingTimeInterval(ttl)
        guard let maxAge else { return own }
        return min(own, fetchedAt.addingTimeInterval(maxAge))
    }

    /// Whether a glance may show the stale entry at once and refresh behind it: always, unless the
    /// server's `stale-while-revalidate` window has passed (then it waits, within `--timeout`).
    package func mayShowWhileRevalidating(at now: Date, maxAge: TimeInterval? = nil) -> Bool {
        guard let window = staleWhileRevalidate else { return true }
        return now < freshUntil(maxAge: maxAge).addingTimeInterval(window)
    }

    /// Whether the server's own `stale-while-revalidate` window holds: the entry may be shown at
    /// once while it is refreshed behind it (RFC 5861 §3). False when the server did not say.
    package func withinStaleWhileRevalidate(at now: Date, maxAge: TimeInterval? = nil) -> Bool {
        staleWhileRevalidate != nil && mayShowWhileRevalidating(at: now, maxAge: maxAge)
    }

    /// Whether the server's `stale-if-error` lets the stale entry stand after an error without a
    /// warning; nil when the server did not say (then it stands, with a warning).
    package func standsAfterError(at now: Date) -> Bool? {
        staleIfError.map { now < freshUntil().addingTimeInterval($0) }
    }

    /// Whether the entry may be served at `now` without asking the server.
    package func isFresh(at now: Date, maxAge: TimeInterval? = nil) -> Bool { now < freshUntil(maxAge: maxAge) }

    // MARK: - Envelope

    /// The envelope: header fields first (by name), the body last, spliced in as-is when it is JSON.
    func encoded() -> Data {
        var header: [(String, JSONValue)] = [
            ("schema", .int(Self.schemaVersion)), ("key", .string(key)), ("provider", .string(provider.rawValue)), ("name", .string(name)),
            ("fetchedAt", .double(fetchedAt.timeIntervalSince1970)),
            ("fetchedAtISO", .string(ISO8601DateFormatter().string(from: fetchedAt))), ("ttl", .double(ttl)), ("status", .int(status)),
        ]
        if let expiresAt { header.append(("expiresAt", .double(expiresAt.timeIntervalSince1970))) }
        if let etag { header.append(("etag", .string(etag))) }
        if let lastModified { header.append(("lastModified", .string(lastModified))) }
        if let staleWhileRevalidate { header.append(("staleWhileRevalidate", .double(staleWhileRevalidate))) }
        if let staleIfError { header.append(("staleIfError", .double(staleIfError))) }
        if !fields.isEmpty { header.append(("fields", .object(fields.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))) }
        var data = JSONValue.object(header.sorted { $0.0 < $1.0 }).encoded()
        data.removeLast()  // the closing brace
        data.append(UInt8(ascii: ","))
        data.append(BodyEnvelope.member(body))
        data.append(UInt8(ascii: "}"))
        return data
    }

    /// Parses an envelope; nil when truncated, malformed or of another schema version. The
    /// header is built, the body taken as stored (`BodyEnvelope.read`).
    static func decode(_ data: Data) -> CacheEntry? {
        let envelope = data.withUnsafeBytes { raw -> (fields: JSONValue, body: Data)? in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            guard let envelope = BodyEnvelope.read(&parser) else { return nil }
            parser.skipSpace()
            return parser.atEnd ? envelope : nil
        }
        guard let (object, body) = envelope,
            object["schema"]?.intValue == schemaVersion,
            let key = object["key"]?.stringValue,
            let provider = object["provider"]?.stringValue.map(Provider.named),
            let fetchedAt = object["fetchedAt"]?.doubleValue,
            let ttl = object["ttl"]?.doubleValue,
            !body.isEmpty
        else { return nil }
        var entry = CacheEntry(
            key: key, provider: provider, name: object["name"]?.stringValue ?? "",
            fetchedAt: Date(timeIntervalSince1970: fetchedAt), ttl: ttl,
            expiresAt: object["expiresAt"]?.doubleValue.map { Date(timeIntervalSince1970: $0) }, status: object["status"]?.intValue ?? 200,
            etag: object["etag"]?.stringValue, lastModified: object["lastModified"]?.stringValue, body: body)
        (entry.staleWhileRevalidate, entry.staleIfError) = (object["staleWhileRevalidate"]?.doubleValue, object["staleIfError"]?.doubleValue)
        for name in freshnessFields { entry.fields[name] = object["fields"]?[name]?.stringValue }
        return entry
    }
}
