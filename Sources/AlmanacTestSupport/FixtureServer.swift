import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// A loopback server shaped like the real providers, answering from the recordings.
///
/// Each provider lives under a path prefix: `/openweather`, `/openweather-pro`, `/yandex`,
/// `/twelvedata`, `/fruityvice`; point `ALMANAC_<PROVIDER>_URL` at `baseURL(for:)`.
/// `override` may answer a request first (faults, refusals, changed data). With `credits`, Twelve
/// Data answers carry `Api-Credits-Used` / `Api-Credits-Left` and a spent window answers 429.
package final class FixtureServer: Sendable {
    package let server: LoopbackServer
    private let fixtures: FixtureTransport

    /// - Parameter rewrite: with `credits`, changes a charged Twelve Data body before it is sent
    ///   (its path, its bytes): prices that move between requests.
    /// - Parameter redated: answers dated now, as the provider would send them today
    ///   (`redated(_:now:)`); false: the recorded dates, long past.
    /// - Parameter lifetime: every answer fresh for that many seconds (`Cache-Control: max-age`,
    ///   no `Expires`): a week of refreshes in minutes. Nil: as recorded.
    package init(
        fixtures folder: URL, delay: TimeInterval = 0, credits: CreditWindow? = nil, redated: Bool = false, lifetime: Int? = nil,
        override: (@Sendable (Provider, ServerRequest) -> ServerAction?)? = nil,
        rewrite: (@Sendable (String, Data) -> Data)? = nil
    ) throws {
        let fixtures = FixtureTransport(folder: folder)
        self.fixtures = fixtures
        server = try LoopbackServer { request in
            let parts = request.path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: true)
            guard let first = parts.first, let provider = Provider(rawValue: String(first)) else {
                return .json("{\"message\":\"unknown provider\"}", status: 404)
            }
            if let action = override?(provider, request) { return action }
            let path = "/" + (parts.count > 1 ? String(parts[1]) : "")
            if provider == .twelveData, let credits {
                return Self.charged(request, path: path, credits: credits, fixtures: fixtures, delay: delay, rewrite: rewrite)
            }
            let descriptor = RequestDescriptor(
                provider: provider, name: "server", path: path,
                query: request.query.map { QueryItem($0.name, $0.value) }, ttl: 0)
            guard let response = try? fixtures.respond(to: descriptor) else {
                return .json("{\"code\":404,\"message\":\"no such recording\"}", status: 404)
            }
            var headers = redated ? Self.redated(response.headers, now: Date()) : response.headers
            if let lifetime { (headers["expires"], headers["cache-control"]) = (nil, "max-age=\(lifetime)") }
            return .respond(status: response.status, headers: headers, body: response.body, delay: delay)
        }
    }

    /// `Date`, `Expires` and `Last-Modified` moved by the time since the answer was recorded (its
    /// `Date`, else its `Last-Modified`): an answer fresh for 30 minutes when recorded is fresh
    /// for 30 minutes from now. Headers without a date to go by are left as recorded.
    package static func redated(_ headers: [String: String], now: Date) -> [String: String] {
        guard let recorded = (headers["date"] ?? headers["last-modified"]).flatMap({ HTTPDate.parse($0) }) else { return headers }
        var moved = headers
        for name in ["date", "expires", "last-modified"] {
            if let date = headers[name].flatMap({ HTTPDate.parse($0) }) { moved[name] = HTTPDate.format(date + now.timeIntervalSince(recorded)) }
        }
        return moved
    }

    /// A Twelve Data answer within the credit window: the recording with credit headers, or 429.
    private static func charged(
        _ request: ServerRequest, path: String, credits: CreditWindow, fixtures: FixtureTransport,
        delay: TimeInterval, rewrite: (@Sendable (String, Data) -> Data)?
    ) -> ServerAction {
        let (ok, used, left) = credits.charge(CreditWindow.cost(path: path, query: request.query))
        let headers = ["content-type": "application/json", "api-credits-used": String(used), "api-credits-left": String(left)]
        guard ok else {
            let message =
                "You have run out of API credits for the current minute. \(used) API credits were used, "
                + "with the current limit being \(credits.perMinute). Wait for the next minute or consider switching to a higher tier plan."
            let body = JSONValue.object([("code", .int(429)), ("message", .string(message)), ("status", .string("error"))])
            return .data(body.encoded(), status: 429, headers: headers)
        }
        if path == "/api_usage" {
            let usage = JSONValue.object([
                ("timestamp", .string("2026-11-20 12:00:00")), ("current_usage", .int(used)), ("plan_limit", .int(credits.perMinute)),
                ("daily_usage", .int(credits.totalAccepted)), ("plan_daily_limit", .int(800)), ("plan_category", .string("basic")),
            ])
            return .data(usage.encoded(), headers: headers)
        }
        let descriptor = RequestDescriptor(
            provider: .twelveData, name: "server", path: path,
            query: request.query.map { QueryItem($0.name, $0.value) }, ttl: 0)
        guard let response = try? fixtures.respond(to: descriptor) else {
            return .json("{\"code\":404,\"message\":\"no such recording\"}", status: 404, headers: headers)
        }
        let body = rewrite.map { $0(path, response.body) } ?? response.body
        return .respond(status: response.status, headers: response.headers.merging(headers) { _, new in new }, body: body, delay: delay)
    }

    /// The base URL to use for a provider.
    package func baseURL(for provider: Provider) -> String {
        "\(server.baseURL)/\(provider.rawValue)"
    }

    /// Variables pointing every provider at this server.
    package var environment: [String: String] {
        Dictionary(uniqueKeysWithValues: Provider.allCases.map { ($0.urlVariable, baseURL(for: $0)) })
    }

    package var requests: [ServerRequest] { server.receivedRequests }
}
