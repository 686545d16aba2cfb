import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacClient
@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacProviders
@testable import TestHarness

/// One transfer per key, shared by its callers; a caller that leaves leaves at once, and the
/// transfer stops (the loopback server sees the connection closed) when the last one leaves.
final class InFlightTests: XCTestCase {
    private func prepared(_ server: LoopbackServer) throws -> PreparedRequest {
        let descriptor = RequestDescriptor(provider: .fruityvice, name: "test", path: "/api/fruit/all", query: [], ttl: 60)
        return try RequestPreparer.prepare(descriptor, baseURL: server.baseURL, key: nil, options: TransportOptions())
    }

    private func waiter(_ flight: InFlight, _ request: PreparedRequest) -> Task<HTTPResponse, any Error> {
        Task { try await flight.run("fruit") { try await CurlTransport().send(request) } }
    }

    func testCallersOfOneKeyShareOneTransfer() async throws {
        let server = try LoopbackServer { _ in .json("[]", delay: 0.4) }
        let flight = InFlight()
        let request = try prepared(server)
        let first = waiter(flight, request)
        let second = waiter(flight, request)
        let answers = try await [first.value, second.value]
        XCTAssertEqual(answers.map(\.status), [200, 200])
        XCTAssertEqual(server.receivedRequests.count, 1)
        XCTAssertTrue(flight.keys.isEmpty)
    }

    func testACallerThatLeavesLeavesAtOnceAndTheOthersStillGetTheAnswer() async throws {
        let server = try LoopbackServer { _ in .json("[]", delay: 1.0) }
        let flight = InFlight()
        let request = try prepared(server)
        let leaving = waiter(flight, request)
        let staying = waiter(flight, request)
        try await Task.sleep(nanoseconds: 200_000_000)  // real time: both callers have joined the transfer
        let cancelledAt = Date()
        leaving.cancel()
        do {
            _ = try await leaving.value
            XCTFail("a cancelled caller got an answer")
        } catch is CancellationError {}
        XCTAssertLessThan(Date().timeIntervalSince(cancelledAt), 0.5, "it left at once, not when the transfer ended")
        let answer = try await staying.value
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(server.receivedRequests.count, 1)
        XCTAssertEqual(server.closedByClient, 0)
    }

    func testTheLastCallerLeavingStopsTheTransfer() async throws {
        let server = try LoopbackServer { _ in .hang(seconds: 10) }
        let flight = InFlight()
        let request = try prepared(server)
        let callers = [waiter(flight, request), waiter(flight, request)]
        let asked = waitUntil { server.receivedRequests.count == 1 }
        XCTAssertTrue(asked)
        for caller in callers { caller.cancel() }
        for caller in callers {
            do {
                _ = try await caller.value
                XCTFail("a cancelled caller got an answer")
            } catch is CancellationError {}
        }
        let closed = waitUntil { server.closedByClient == 1 }
        XCTAssertTrue(closed, "curl closed the connection within about a second")
        XCTAssertTrue(flight.keys.isEmpty)
        XCTAssertEqual(server.receivedRequests.count, 1)
    }

    func testAnAlreadyCancelledCallerSendsNothing() async throws {
        let server = try LoopbackServer { _ in .json("[]") }
        let flight = InFlight()
        let request = try prepared(server)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await flight.run("fruit") { try await CurlTransport().send(request) }
        }
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch is CancellationError {}
        XCTAssertEqual(server.receivedRequests.count, 0)
    }

    /// Through the whole client: two fetches of one request at once send it once.
    func testConcurrentFetchesOfOneRequestShareOneTransfer() async throws {
        let server = try LoopbackServer { _ in
            .json(
                #"[{"name":"Banana","id":1,"family":"Musaceae","order":"Zingiberales","genus":"Musa","nutritions":{"calories":96,"fat":0.2,"sugar":17.2,"carbohydrates":22,"protein":1}}]"#,
                delay: 0.3)
        }
        let configuration = makeConfiguration(home: try makeTemporaryFolder(self), ["ALMANAC_FRUITYVICE_URL": server.baseURL])
        let client = makeClient(configuration, console: .silent)
        async let first = client.fetch(Fruityvice.all())
        async let second = client.fetch(Fruityvice.all())
        let (a, b) = try await (first, second)
        XCTAssertEqual(a.value.first?.name, "Banana")
        XCTAssertEqual(b.value.first?.name, "Banana")
        XCTAssertEqual(server.receivedRequests.count, 1, "the second caller waited for the first one's transfer")
    }

    /// Through the whole client: a cancelled fetch of a keyless provider stops its transfer and
    /// ends in `CancellationError` — not in the recorded sample an unreachable provider gets.
    func testACancelledFetchStopsItsTransferAndShowsNoSample() async throws {
        let server = try LoopbackServer { _ in .hang(seconds: 10) }
        let configuration = makeConfiguration(home: try makeTemporaryFolder(self), ["ALMANAC_FRUITYVICE_URL": server.baseURL])
        let client = makeClient(configuration, console: .silent)
        let fetch = Task { try await client.fetch(Fruityvice.all()) }
        let asked = waitUntil { server.receivedRequests.count == 1 }
        XCTAssertTrue(asked)
        fetch.cancel()
        do {
            let fetched = try await fetch.value
            XCTFail("a cancelled fetch answered from \(fetched.origin)")
        } catch is CancellationError {}
        let closed = waitUntil { server.closedByClient == 1 }
        XCTAssertTrue(closed)
    }
}
