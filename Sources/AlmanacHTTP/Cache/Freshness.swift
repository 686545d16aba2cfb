import AlmanacCore
import Foundation

/// How long a response may be served without asking the server again, from its own headers
/// (RFC 9111 §4.2.1): `Cache-Control: max-age` first, else `Expires` measured against the
/// response's `Date`. Neither: the endpoint's fixed TTL applies (docs/architecture.md §4).
package enum Freshness: Equatable, Sendable {
    /// `Cache-Control: no-store`: the response must not be kept at all.
    case noStore
    /// Fresh until this instant (may already be past: `no-cache`, `max-age=0`, an `Expires` in the past).
    case until(Date)
    /// The server said nothing about freshness.
    case unspecified

    /// Reads the caching headers of a response received at `now` (header names in lowercase).
    package static func of(headers: [String: String], receivedAt now: Date) -> Freshness {
        let directives = CacheControl(headers["cache-control"] ?? "")
        if directives.noStore { return .noStore }
        if directives.noCache { return .until(now) }
        let age = headers["age"].flatMap { Double($0.trimmingWhitespace()) }.map { max(0, $0) } ?? 0
        if let maxAge = directives.maxAge { return .until(now.addingTimeInterval(max(0, maxAge - age))) }
        guard let expiresText = headers["expires"] else { return .unspecified }
        // An invalid `Expires` (such as "0") means already expired (RFC 9111 §5.3).
        guard let expires = HTTPDate.parse(expiresText) else { return .until(now) }
        let served = headers["date"].flatMap(HTTPDate.parse) ?? now
        return .until(now.addingTimeInterval(expires.timeIntervalSince(served) - age))
    }

    /// RFC 5861's extensions, in seconds past freshness: how long a stale answer may be shown
    /// while it is revalidated, and after an error; nil when the server did not say.
    package static func staleAllowances(headers: [String: String]) -> (whileRevalidate: TimeInterval?, ifError: TimeInterval?) {
        let directives = CacheControl(headers["cache-control"] ?? "")
        return (directives.staleWhileRevalidate, directives.staleIfError)
    }

    /// The instant the response stops being fresh, when the server set one.
    package var expiresAt: Date? {
        if case .until(let date) = self { return date }
        return nil
    }
}

/// The `Cache-Control` directives that decide freshness; others are ignored.
struct CacheControl {
    var noStore = false
    var noCache = false
    /// `max-age` in seconds; a malformed value counts as 0 (stale), as RFC 9111 §4.2.1 advises.
    var maxAge: TimeInterval?
    /// RFC 5861 `stale-while-revalidate` and `stale-if-error`, seconds; a malformed value counts as 0.
    var staleWhileRevalidate: TimeInterval?
    var staleIfError: TimeInterval?

    init(_ header: String) {
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace().lowercased() }
            guard let name = pieces.first else { continue }
            switch name {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "max-age": maxAge = Self.seconds(pieces)
            case "stale-while-revalidate": staleWhileRevalidate = Self.seconds(pieces)
            case "stale-if-error": staleIfError = Self.seconds(pieces)
            default: continue
            }
        }
    }
}

extension CacheControl {
    /// A directive's value in seconds (quotes allowed); 0 when missing or malformed.
    fileprivate static func seconds(_ pieces: [String]) -> TimeInterval {
        let value = pieces.count == 2 ? pieces[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : ""
        return Double(value).map { max(0, $0) } ?? 0
    }
}

/// HTTP dates (RFC 9110 §5.6.7): the preferred IMF-fixdate and the two obsolete forms.
package enum HTTPDate {
    /// The date, or nil when the text is none of the three forms.
    package static func parse(_ text: String) -> Date? {
        let value = text.trimmingWhitespace()
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: value) { return date }
        }
        return nil
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT` — what a request header carries.
    package static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = formats[0]
        return formatter.string(from: date)
    }

    private static let formats = ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"]
}
