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
        let age = CacheControl.age(headers["age"]) ?? 0
        if let maxAge = directives.maxAge { return .until(now.addingTimeInterval(max(0, maxAge - age))) }
        guard let expiresText = headers["expires"] else { return .unspecified }
        // An invalid `Expires` (such as "0") means already expired (RFC 9111 §5.3).
        guard let expires = HTTPDate.parse(expiresText, now: now) else { return .until(now) }
        let served = headers["date"].flatMap { HTTPDate.parse($0, now: now) } ?? now
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

/// The `Cache-Control` directives that decide freshness, read by the RFC 9110 grammar: a list
/// of `token [ "=" ( token / quoted-string ) ]`, commas inside quotes kept, names in any case, the
/// first occurrence of a directive winning; others are ignored. A malformed value (`max-age
/// =3600`, `max-age=3600a`, `max-age='3600'`, a negative one) counts as 0: stale, as RFC 9111
/// §4.2.1 advises.
struct CacheControl {
    var noStore = false
    var noCache = false
    /// `must-revalidate` (RFC 9111 §5.2.2.2).
    var mustRevalidate = false
    /// `max-age` in seconds.
    var maxAge: TimeInterval?
    /// RFC 5861 `stale-while-revalidate` and `stale-if-error`, seconds.
    var staleWhileRevalidate, staleIfError: TimeInterval?

    init(_ header: String) {
        var seen = Set<String>()
        for (name, value) in Self.directives(header) where seen.insert(name).inserted {
            switch name {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "must-revalidate": mustRevalidate = true
            case "max-age": maxAge = Self.seconds(value)
            case "stale-while-revalidate": staleWhileRevalidate = Self.seconds(value)
            case "stale-if-error": staleIfError = Self.seconds(value)
            default: continue
            }
        }
    }

    /// `Age` (RFC 9111 §5.1): the first member of the list, whole non-negative seconds (a
    /// parameter after `;` set aside); nil — no age — for anything else (`7200.0`, `-1`, `abc`).
    static func age(_ value: String?) -> TimeInterval? {
        guard let first = value?.split(separator: ",", omittingEmptySubsequences: false).first else { return nil }
        let digits = first.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingWhitespace()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Double(digits)
    }
}

extension CacheControl {
    /// Each directive's lower-cased name and its value as written (nil: none), in order. A name
    /// with a space before `=` keeps its name, with a value that reads as no number.
    fileprivate static func directives(_ header: String) -> [(String, String?)] {
        var result: [(String, String?)] = []
        var element = ""
        var quoted = false
        var escaped = false
        for character in header + "," {
            if quoted {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
                element.append(character)
            } else if character == "\"" {
                quoted = true
                element.append(character)
            } else if character == "," {
                let trimmed = element.trimmingWhitespace()
                if !trimmed.isEmpty { result.append(split(trimmed)) }
                element = ""
            } else {
                element.append(character)
            }
        }
        return result
    }

    private static func split(_ element: String) -> (String, String?) {
        guard let equals = element.firstIndex(of: "=") else { return (element.lowercased(), nil) }
        let name = element[..<equals]
        let value = String(element[element.index(after: equals)...])
        // `max-age =3600`: no space may stand before `=`; the value is then malformed.
        return (name.trimmingWhitespace().lowercased(), name.last == " " ? " " + value : value)
    }

    /// A directive's value in seconds: digits, or digits in double quotes; 0 when missing or
    /// malformed; very large values held at 2^31 (RFC 9111 §1.2.2).
    fileprivate static func seconds(_ value: String?) -> TimeInterval {
        guard var text = value else { return 0 }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return 0 }
        return min(Double(text) ?? 2_147_483_648, 2_147_483_648)
    }
}
