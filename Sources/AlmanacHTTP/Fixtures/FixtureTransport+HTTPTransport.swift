import AlmanacCore
import Foundation

/// Recorded answers behind the transport protocol: a request prepared for recordings
/// (`fixture://twelvedata/quote?symbol=BTC%2FUSD`) is answered from the sets.
extension FixtureTransport: HTTPTransport {
    /// The scheme of a request for a recorded answer.
    package static let scheme = "fixture"

    /// Answers from the recordings, never the network; a request no recording matches throws
    /// `TransportError` with the closest recordings named.
    package func send(_ request: PreparedRequest) async throws -> HTTPResponse {
        try respond(to: try descriptor(of: request))
    }

    /// The recorded answer to `descriptor`, as `send` answers its recorded form
    /// (`RequestPreparer.prepareRecorded`) but with no URL to read back: the provider is the
    /// descriptor's own, with its folder, batching and dated rows. Kept for later runs in
    /// `keeping`'s form (`respond(to:keeping:)`).
    package func respondRecorded(_ descriptor: RequestDescriptor, keeping: (@Sendable (Data) -> Data?)? = nil) throws -> HTTPResponse {
        try respond(
            to: RequestDescriptor(
                provider: descriptor.provider, name: descriptor.provider.rawValue, method: descriptor.method, path: descriptor.path,
                query: descriptor.query, ttl: 0), keeping: keeping)
    }

    /// The request as recordings are matched: provider, method, path and query.
    func descriptor(of request: PreparedRequest) throws -> RequestDescriptor {
        let prefix = Self.scheme + "://"
        guard request.url.hasPrefix(prefix) else { throw TransportError.unsupportedProtocol(host: request.host) }
        let target = request.url.dropFirst(prefix.count)
        let (location, queryText) = target.firstIndex(of: "?").map { (target[..<$0], target[target.index(after: $0)...]) } ?? (target, "")
        let name = String(location.prefix { $0 != "/" })
        let path = String(location.dropFirst(name.count))
        let query = queryText.split(separator: "&").map { pair -> QueryItem in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? String(parts[1]) : ""
            return QueryItem(URLParts.decode(String(parts[0])) ?? String(parts[0]), URLParts.decode(value) ?? value)
        }
        return RequestDescriptor(
            provider: providers[name] ?? .named(name), name: name, method: request.method, path: path.isEmpty ? "/" : path, query: query,
            ttl: 0)
    }
}
