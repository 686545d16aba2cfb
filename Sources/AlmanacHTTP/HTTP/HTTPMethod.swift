import AlmanacCore

/// The HTTP methods Almanac sends.
package enum HTTPMethod: String, Sendable, Codable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"

    /// Whether a failed request may be sent again without side effects.
    package var isIdempotent: Bool { self != .post }
}
