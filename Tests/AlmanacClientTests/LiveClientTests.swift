import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

private final class Sleeps: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [TimeInterval] = []
    func add(_ value: TimeInterval) { lock.withLock { values.append(value) } }
    var all: [TimeInterval] { lock.withLock { values } }
}

final class LiveClientTests: XCTestCase {
    private let key = "TD-SECRET-KEY-42"

    private func client(_ server: LoopbackServer, sleeps: Sleeps, console: Console = .silent) throws -> LiveClient {
        let configuration = makeConfiguration(
            home: try makeTemporaryFolder(self),
            ["ALMANAC_TWELVEDATA_URL": server.baseURL, "TWELVEDATA_API_KEY": key])
        var retry = RetryPolicy()
        retry.sleep = { sleeps.add($0) }
        return LiveClient(transport: CurlTransport(), configuration: configuration, retry: retry, console: console)
    }

    private let price = RequestDescriptor(
        provider: .twelveData, name: "twelvedata.price", path: "/price", query: [QueryItem("symbol", "BTC/USD")], ttl: 60)

    func testRetriesServerErrorsThenSucceeds() async throws {
        let counter = Collected()
        let server = try LoopbackServer { _ in
            counter.append(Data([1]))
            return counter.data.count < 3 ? .data(Data("<html>bad gateway</html>".utf8), status: 502) : .json("{\"price\":\"1.0\"}")
        }
        let sleeps = Sleeps()
        let response = try await client(server, sleeps: sleeps).send(price)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(server.receivedRequests.count, 3)
        XCTAssertEqual(sleeps.all.count, 2)
        XCTAssertGreaterThan(sleeps.all[1], 0)
    }

    func testGivesUpAfterTwoRetries() async throws {
        let server = try LoopbackServer { _ in .data(Data("<html>oops</html>".utf8), status: 503) }
        do {
            _ = try await client(server, sleeps: Sleeps()).send(price)
            XCTFail("expected failure")
        } catch let error as APIError {
            XCTAssertEqual(error, .server(provider: .twelveData, status: 503))
            XCTAssertFalse(error.description.contains("oops"))
        }
        XCTAssertEqual(server.receivedRequests.count, 3)
    }

    func testHonoursRetryAfterWithinCap() async throws {
        let counter = Collected()
        let server = try LoopbackServer { _ in
            counter.append(Data([1]))
            return counter.data.count == 1
                ? .json("{\"code\":429,\"message\":\"out of credits\"}", status: 429, headers: ["Retry-After": "3"]) : .json("{\"price\":\"2\"}")
        }
        let sleeps = Sleeps()
        _ = try await client(server, sleeps: sleeps).send(price)
        XCTAssertEqual(sleeps.all, [3])
    }

    func testRetryAfterPastCapFailsAtOnceAndSaysWhen() async throws {
        let server = try LoopbackServer { _ in
            .json(
                "{\"code\":429,\"message\":\"You have run out of API credits for the current minute.\"}", status: 429, headers: ["Retry-After": "120"]
            )
        }
        let sleeps = Sleeps()
        do {
            _ = try await client(server, sleeps: sleeps).send(price)
            XCTFail("expected rate limit")
        } catch let error as APIError {
            XCTAssertTrue(error.description.hasPrefix("Twelve Data is rate limiting requests; try again in 120 s (at "), error.description)
            XCTAssertTrue(error.description.hasSuffix(" UTC)."), error.description)
        }
        XCTAssertEqual(server.receivedRequests.count, 1)
        XCTAssertTrue(sleeps.all.isEmpty)
    }

    func testUnauthorizedMessageStripsMarkdownAndHasNoKey() async throws {
        let server = try LoopbackServer { request in
            .json(
                "{\"code\":401,\"message\":\"**apikey** parameter is incorrect: \(request.header("authorization") ?? "")\",\"status\":\"error\"}",
                status: 401)
        }
        let capture = CapturedConsole()
        do {
            _ = try await client(server, sleeps: Sleeps(), console: capture.console).send(price)
            XCTFail("expected unauthorized")
        } catch let error as APIError {
            XCTAssertEqual(
                error.description, "Twelve Data refused the key (HTTP 401: apikey parameter is incorrect: apikey ***). Check TWELVEDATA_API_KEY.")
            XCTAssertFalse(error.description.contains(key))
        }
        XCTAssertEqual(server.receivedRequests.first?.header("authorization"), "apikey \(key)")
        XCTAssertFalse(capture.err.contains(key))
        XCTAssertTrue(capture.err.contains("GET 127.0.0.1:\(server.port)/price?symbol=BTC%2FUSD → 401"), capture.err)
    }

    func testConnectionErrorsAreRetried() async throws {
        let counter = Collected()
        let server = try LoopbackServer { _ in
            counter.append(Data([1]))
            return counter.data.count == 1 ? .reset : .json("{\"price\":\"3\"}")
        }
        let response = try await client(server, sleeps: Sleeps()).send(price)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(server.receivedRequests.count, 2)
    }

    func testPostIsNeverRetried() async throws {
        let server = try LoopbackServer { _ in .data(Data(), status: 503) }
        var descriptor = price
        descriptor.method = .post
        do {
            _ = try await client(server, sleeps: Sleeps()).send(descriptor)
            XCTFail("expected failure")
        } catch {}
        XCTAssertEqual(server.receivedRequests.count, 1)
    }
}
