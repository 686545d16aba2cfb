import AlmanacCore
import Foundation

/// Limits applied to every transfer.
package struct TransportOptions: Sendable, Equatable {
    /// Seconds allowed to establish a connection; 5 by default.
    package var connectTimeout: TimeInterval = 5
    /// Seconds allowed for the whole transfer; 20 by default.
    package var totalTimeout: TimeInterval = 20
    /// Largest accepted body in bytes; 16 MB by default. Bigger transfers are aborted.
    package var maxResponseBytes: Int = 16 * 1024 * 1024
    /// Redirects followed at most; 5 by default.
    package var maxRedirects: Int = 5
    /// Allow `http://` to non-loopback hosts (`ALMANAC_ALLOW_INSECURE_HTTP=1`).
    package var allowInsecureHTTP = false
    /// The `User-Agent` sent: the program, its version and where to reach its makers, as MET
    /// Norway's terms ask (`ALMANAC_USER_AGENT` overrides it).
    package var userAgent = TransportOptions.defaultUserAgent

    /// `almanac/0.1.0 (+https://…)`: names the program and a contact.
    package static let defaultUserAgent = "almanac/\(AlmanacVersion.current) (+\(AlmanacVersion.homePage))"

    /// The defaults: the timeouts, retries and proxy settings documented on each property.
    package init() {}
}
