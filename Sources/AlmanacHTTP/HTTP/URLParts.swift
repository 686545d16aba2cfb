import AlmanacCore
import Foundation

/// Small, allocation-light helpers for URL strings.
public enum URLParts {
    /// Characters left as they are in a query component (RFC 3986 unreserved).
    static let unreserved: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        set.insert(charactersIn: "-._~")
        return set
    }()

    /// Percent-encodes everything but unreserved characters (space → `%20`).
    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// Percent-encodes one path segment (`Horned Melon` → `Horned%20Melon`).
    public static func encodeSegment(_ text: String) -> String { encode(text) }

    /// The scheme in lowercase, e.g. `https`.
    public static func scheme(of url: String) -> String? {
        guard let range = url.range(of: "://") else { return nil }
        return url[..<range.lowerBound].lowercased()
    }

    /// The host without port or credentials.
    public static func host(of url: String) -> String? {
        guard let range = url.range(of: "://") else { return nil }
        var rest = url[range.upperBound...]
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            return String(rest[rest.index(after: rest.startIndex)..<close])
        }
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return rest.isEmpty ? nil : rest.lowercased()
    }

    /// Whether the host is a loopback address (127.0.0.0/8, `localhost`, `::1`).
    public static func isLoopback(host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
