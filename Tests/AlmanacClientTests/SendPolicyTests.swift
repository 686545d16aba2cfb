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

    func error(for refusal: AnswerMachine.CreditRefusal) -> any Error { CancellationError() }

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
        let wired = makeClient(configuration, console: .silent, clock: clock)
        return DataClient(
            configuration: configuration, live: wired.live, cache: wired.answers.cache, fixtures: nil, clock: clock, console: .silent, policy: policy,
            savedChoices: wired.resolver.savedChoices)
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
        let refuser = Gatekeeper(.minuteSpent(until: clock.now().addingTimeInterval(30), seconds: 30))
        let second = try server(temp: 20)
        let stale = try await client(second, home: home, policy: refuser).fetch(endpoint())
        XCTAssertEqual(stale.value.temp, 10, "the cached answer stands")
        XCTAssertTrue(stale.stale)
        XCTAssertEqual(refuser.kept.withLock { $0.count }, 1, "the policy said why the cached answer stands")
        XCTAssertEqual(requests.value, 1, "nothing was sent after the refusal")
    }
}
