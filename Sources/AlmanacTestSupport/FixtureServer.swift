import AlmanacKit
import Foundation

/// A loopback server shaped like the real providers, answering from the recordings.
///
/// Each provider lives under a path prefix: `/openweather`, `/openweather-pro`, `/yandex`,
/// `/twelvedata`, `/fruityvice`; point `ALMANAC_<PROVIDER>_URL` at `baseURL(for:)`.
/// `override` may answer a request first (faults, refusals, changed data).
public final class FixtureServer: @unchecked Sendable {
    public let server: LoopbackServer
    private let fixtures: FixtureTransport

    public init(fixtures folder: URL, delay: TimeInterval = 0, override: (@Sendable (Provider, ServerRequest) -> ServerAction?)? = nil) throws {
        let fixtures = FixtureTransport(folder: folder)
        self.fixtures = fixtures
        server = try LoopbackServer { request in
            let parts = request.path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: true)
            guard let first = parts.first, let provider = Provider(rawValue: String(first)) else {
                return .json("{\"message\":\"unknown provider\"}", status: 404)
            }
            if let action = override?(provider, request) { return action }
            let path = "/" + (parts.count > 1 ? String(parts[1]) : "")
            let descriptor = RequestDescriptor(
                provider: provider, name: "server", path: path,
                query: request.query.map { QueryItem($0.name, $0.value) }, ttl: 0)
            guard let response = try? fixtures.respond(to: descriptor) else {
                return .json("{\"code\":404,\"message\":\"no such recording\"}", status: 404)
            }
            return .respond(status: response.status, headers: response.headers, body: response.body, delay: delay)
        }
    }

    /// The base URL to use for a provider.
    public func baseURL(for provider: Provider) -> String {
        "\(server.baseURL)/\(provider.rawValue)"
    }

    /// Variables pointing every provider at this server.
    public var environment: [String: String] {
        Dictionary(uniqueKeysWithValues: Provider.allCases.map { ($0.urlVariable, baseURL(for: $0)) })
    }

    public var requests: [ServerRequest] { server.receivedRequests }
}
