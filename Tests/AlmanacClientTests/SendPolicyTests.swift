import Synchronization

@testable import TestHarness

private struct Reading: Decodable, Sendable, Equatable {
    var temp: Double
}

/// A policy that answers as told and remembers what it was asked.
private final class Gatekeeper: SendPolicy {
    let answer: SendAdmission
    let asked = Mutex<[Date?]>([])
    let ran = Mutex<[SendTicket]>([])

    init(_ answer: SendAdmission) { self.answer = answer }

    func admit(_ descriptor: RequestDescriptor, cachedAt: Date?) async throws -> SendAdmission {
        asked.withLock { $0.append(cachedAt) }
        return answer
    }

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
            configuration: configuration, live: wired.live, cache: wired.cache, fixtures: nil, clock: clock, console: .silent, policy: policy,
            savedChoices: wired.savedChoices)
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
        XCTAssertEqual(sender.asked.withLock { $0 }, [nil], "nothing cached: asked once, with no cached time")
        XCTAssertEqual(sender.ran.withLock { $0.count }, 1, "the send ran under the ticket")
        _ = try await warm.fetch(endpoint())
        XCTAssertEqual(sender.asked.withLock { $0.count }, 1, "a fresh answer is not the policy's business")

        clock.advance(by: 3600)
        let refuser = Gatekeeper(.serveCached)
        let second = try server(temp: 20)
        let stale = try await client(second, home: home, policy: refuser).fetch(endpoint())
        XCTAssertEqual(stale.value.temp, 10, "the cached answer stands")
        XCTAssertTrue(stale.stale)
        XCTAssertNotNil(refuser.asked.withLock { $0.first ?? nil }, "asked with the cached answer's time")
        XCTAssertEqual(requests.value, 1, "nothing was sent after the refusal")
    }
}
