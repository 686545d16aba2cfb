import AlmanacCore
import Foundation

/// Which redirects a request may follow, and the request for the next hop
/// (docs/architecture.md §5: redirects keep the protection of the request).
///
/// - Only `http` and `https` targets.
/// - A hop never goes from https to plain http. Plain http is followed only when the request
///   itself went to a loopback address over http (a test server), and only to a loopback target.
/// - A header that carries a key is dropped when the hop leaves the request's origin (scheme,
///   host and port), so a key sent as a header never reaches another host.
package enum RedirectPolicy {
    /// The statuses followed as redirects (a 304 is an answer, not a redirect).
    package static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The next hop's request after `request` answered `status` with `location` (absolute).
    /// - Throws: `TransportError.unsupportedProtocol` for a scheme other than http(s) or a URL
    ///   without a host; `TransportError.insecureRedirect` for a plain-http hop not allowed.
    package static func next(after request: PreparedRequest, to location: String, status: Int, original: PreparedRequest) throws -> PreparedRequest {
        guard let target = ParsedURL(location), target.scheme == "http" || target.scheme == "https", !target.host.isEmpty else {
            throw TransportError.unsupportedProtocol(host: request.host)
        }
        if target.scheme == "http" {
            let origin = ParsedURL(original.url)
            let loopbackOnly = origin?.scheme == "http" && origin?.isLoopback == true && target.isLoopback
            let fromHTTPS = ParsedURL(request.url)?.scheme == "https"
            if !loopbackOnly || fromHTTPS { throw TransportError.insecureRedirect(host: request.host, target: target.host) }
        }
        var next = request
        next.url = location
        next.redactedURL = Redactor.scrub(location, secrets: request.secrets)
        if status == 303 { next.method = .get }
        if origin(of: location) != origin(of: original.url) {
            next.headers = request.headers.filter { header in !request.secrets.contains { header.value.contains($0) } }
        }
        return next
    }

    /// `scheme://host:port` as curl reads the URL; the URL itself when curl cannot.
    static func origin(of url: String) -> String {
        guard let parsed = ParsedURL(url) else { return url }
        return "\(parsed.scheme)://\(parsed.host):\(parsed.port)"
    }
}
