import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import TestHarness

private struct Reading: Decodable, Sendable, Equatable {
    var temp: Double
}

/// A policy that answers as told and remembers what it was asked.
private final class Gatekeeper: SendPolicy {
    let answer: SendAdmission
    let asked = Mutex(0)
    let ran = Mutex<[SendTicket]>([])
    let kept = Mutex<[Date]>([])

    init(_ answer: SendAdmission) { self.answer = answer }

    func admit(_ descriptor: RequestDescriptor) throws -> SendAdmission {
        asked.withLock { $0 += 1 }
        return answer
    }

    func wait(until: Date) async throws {}

    func noteKept(_ what: String, fetchedAt: Date, freshAt: Date) { kept.withLock { $0.append(fetchedAt) } }

    func error(for refusal: AnswerMachine.WaitRefusal) -> any Error { CancellationError() }

    func sending<T: Sendable>(_ ticket: SendTicket, _ operation: () async throws -> T) async throws -> T {
        ran.withLock { $0.append(ticket) }
        return try await operation()
    }
}

/// The client decides freshness and asks its send policy only before a real send.
final class SendPolicyTests: XCTestCase {
    private let clock = ManualClock()
    private let requests = Counter()

    private func endpoint() -> Endpoint<Reading> {
        Endpoint(RequestDescriptor(provider: .openWeather, name: "openweather.weather", path: "/data/2.5/weather", ttl: 600))
    }

    private func client(_ server: LoopbackServer, home: URL, policy: any SendPolicy) -> DataClient {
        let configuration = makeConfiguration(home: home, ["ALMANAC_OPENWEATHER_URL": server.baseURL, "OPENWEATHER_API_KEY": "OW-POLICY-KEY"])
        let client = makeClient(configuration, console: .silent, clock: clock)
        _ = client.policies.adopt(for: .openWeather) { policy }
        return client
    }

    private func server(temp: Int) throws -> LoopbackServer {
        try LoopbackServer { [requests] _ in
            requests.add(1)
            return .json("{\"temp\":\(temp)}")
        }
    }

    func testAFreshAnswerNeverAsksThePolicyAndAStaleOneCanStand() async throws {
        let home = try makeTemporaryFolder(self)
        let first = try server(temp: 10)
        let sender = Gatekeeper(.send(SendTicket(UUID())))
        let warm = client(first, home: home, policy: sender)
        let fetched = try await warm.fetch(endpoint())
        XCTAssertEqual(fetched.value.temp, 10)
        XCTAssertEqual(sender.asked.withLock { $0 }, 1, "nothing cached: asked once")
        XCTAssertEqual(sender.ran.withLock { $0.count }, 1, "the send ran under the ticket")
        _ = try await warm.fetch(endpoint())
        XCTAssertEqual(sender.asked.withLock { $0 }, 1, "a fresh answer is not the policy's business")

        clock.advance(by: 3600)
        let refuser = Gatekeeper(.deferred(until: clock.now().addingTimeInterval(30)))
        let second = try server(temp: 20)
        let stale = try await client(second, home: home, policy: refuser).fetch(endpoint())
        XCTAssertEqual(stale.value.temp, 10, "the cached answer stands")
        XCTAssertTrue(stale.stale)
        XCTAssertEqual(refuser.kept.withLock { $0.count }, 1, "the policy said why the cached answer stands")
        XCTAssertEqual(requests.value, 1, "nothing was sent after the refusal")
    }

    /// The refresh behind an answer inside its `stale-while-revalidate` window is a request like
    /// any other: a provider's pause (`Retry-After`) and the policy hold for it too.
    func testTheRefreshBehindAStaleAnswerKeepsThePauseAndThePolicy() async throws {
        let home = try makeTemporaryFolder(self)
        let server = try LoopbackServer { [requests] _ in
            requests.add(1)
            return .respondLines(
                status: 200, lines: [("Content-Type", "application/json"), ("Cache-Control", "max-age=1, stale-while-revalidate=3600")],
                body: Data(#"{"temp":10}"#.utf8))
        }
        let sender = Gatekeeper(.send(.free))
        _ = try await client(server, home: home, policy: sender).fetch(endpoint())
        clock.advance(by: 5)
        let paused = client(server, home: home, policy: sender)
        ProviderPause(stateFolder: paused.configuration.paths.state).pause(.openWeather, until: clock.now().addingTimeInterval(600))
        let shown = try await paused.fetch(endpoint())
        XCTAssertTrue(shown.stale, "shown at once, within the window")
        await paused.finishRefreshesBehind()
        XCTAssertEqual(requests.value, 1, "the provider asked for a pause: nothing sent behind the answer")

        clock.advance(by: 601)
        let holder = Gatekeeper(.deferred(until: clock.now().addingTimeInterval(30)))
        let held = client(server, home: home, policy: holder)
        _ = try await held.fetch(endpoint())
        await held.finishRefreshesBehind()
        XCTAssertEqual(requests.value, 1, "the policy held it: nothing sent")
        XCTAssertEqual(holder.kept.withLock { $0.count }, 1, "and its note said when fresh data comes")

        let granted = client(server, home: home, policy: sender)
        _ = try await granted.fetch(endpoint())
        await granted.finishRefreshesBehind()
        XCTAssertEqual(requests.value, 2, "granted: refreshed behind it")
    }
}
