import AlmanacCore

/// The HTTP methods Almanac sends.
public enum HTTPMethod: String, Sendable, Codable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"

    /// Whether a failed request may be sent again without side effects.
    public var isIdempotent: Bool { self != .post }
}
