import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacProviders
@testable import AlmanacTestSupport

final class CurlTransportTests: XCTestCase {
    private func request(_ server: LoopbackServer, _ path: String, options: TransportOptions = .init(), key: String? = nil) throws -> PreparedRequest
    {
        let descriptor = RequestDescriptor(provider: .yandexGeocoder, name: "test", path: path, query: [QueryItem("q", "x")], ttl: 60)
        return try RequestPreparer.prepare(descriptor, baseURL: server.baseURL, key: key, options: options)
    }

    func testCancellingTheTaskAbortsAStalledTransfer() async throws {
        let server = try LoopbackServer { _ in .stall(seconds: 8) }
        let prepared = try request(server, "/slow")
        let started = Date()
        let task = Task { try await CurlTransport().send(prepared) }
        try await Task.sleep(nanoseconds: 300_000_000)  // real time: curl is mid-transfer when cancelled
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch is CancellationError {
        } catch {
            XCTFail("expected CancellationError, got \(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "the transfer stopped within about a second, not after the 8 s stall")
        // A cancelled task never starts a transfer.
        let never = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await CurlTransport().send(prepared)
        }
        do {
            _ = try await never.value
            XCTFail("expected cancellation")
        } catch is CancellationError {}
        XCTAssertEqual(server.receivedRequests.count, 1)
    }

    func testStatusHeadersAndBody() async throws {
        let server = try LoopbackServer { request in
            .json("{\"path\":\"\(request.path)\"}", status: 201, headers: ["ETag": "\"abc\""])
        }
        let response = try await CurlTransport().send(try request(server, "/hello"))
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.header("etag"), "\"abc\"")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "{\"path\":\"/hello\"}")
    }

    func testErrorStatusesAreReturnedNotThrown() async throws {
        let server = try LoopbackServer { _ in .json("{\"message\":\"nope\"}", status: 404) }
        let response = try await CurlTransport().send(try request(server, "/missing"))
        XCTAssertEqual(response.status, 404)
    }

    func testGzipBodyIsDecoded() async throws {
        let gz = Data(base64Encoded: "H4sIAAAAAAACA6tWykjNyclXslJKr8osUCjPL8pJUaoFAOXeMvcWAAAA")!
        let server = try LoopbackServer { request in
            XCTAssertTrue(request.header("accept-encoding")?.contains("gzip") ?? false)
            return .data(gz, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"])
        }
        let response = try await CurlTransport().send(try request(server, "/gz"))
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "{\"hello\":\"gzip world\"}")
    }

    func testRedirectsAreFollowed() async throws {
        let server = try LoopbackServer { request in
            request.path == "/final" ? .json("{\"ok\":true}") : .respond(status: 302, headers: ["Location": "/final"], body: Data(), delay: 0)
        }
        let response = try await CurlTransport().send(try request(server, "/start"))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "{\"ok\":true}")
    }

    func testRedirectLimit() async throws {
        let server = try LoopbackServer { request in
            let step = Int(request.path.dropFirst(2)) ?? 0
            return .respond(status: 302, headers: ["Location": "/r\(step + 1)"], body: Data(), delay: 0)
        }
        do {
            _ = try await CurlTransport().send(try request(server, "/r0"))
            XCTFail("expected a redirect error")
        } catch let error as TransportError {
            XCTAssertEqual(error, .tooManyRedirects(host: "127.0.0.1", limit: 5))
        }
        XCTAssertEqual(server.receivedRequests.count, 6)
    }

    func testTotalTimeout() async throws {
        let server = try LoopbackServer { _ in .json("{}", delay: 3) }
        var options = TransportOptions()
        options.totalTimeout = 0.5
        let started = Date()
        do {
            _ = try await CurlTransport().send(try request(server, "/slow", options: options))
            XCTFail("expected a timeout")
        } catch let error as TransportError {
            XCTAssertEqual(error, .timeout(host: "127.0.0.1", seconds: 0.5))
            XCTAssertTrue(error.description.contains("did not answer within 0.5 s"))
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.5)
    }

    func testConnectTimeoutToUnroutableAddress() async throws {
        // 10.255.255.1 is never answered here; only the connect phase is exercised and
        // no data is sent. Use a closed local port instead to stay on loopback.
        var options = TransportOptions()
        options.connectTimeout = 0.3
        let descriptor = RequestDescriptor(provider: .fruityvice, name: "test", path: "/", ttl: 1)
        let prepared = try RequestPreparer.prepare(descriptor, baseURL: "http://127.0.0.1:1", key: nil, options: options)
        do {
            _ = try await CurlTransport().send(prepared)
            XCTFail("expected a connection failure")
        } catch let error as TransportError {
            XCTAssertTrue(error.isRetryable)
            guard case .connectionFailed(let host, _) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(host, "127.0.0.1")
        }
    }

    func testSizeCapAbortsTransfer() async throws {
        let big = Data(repeating: UInt8(ascii: "a"), count: 300_000)
        let server = try LoopbackServer { request in
            // The second path hides the length so the cap must trip while streaming.
            request.path == "/chunked" ? .streamed(chunks: Array(repeating: big.prefix(50_000), count: 6), interval: 0) : .data(big)
        }
        var options = TransportOptions()
        options.maxResponseBytes = 100_000
        for path in ["/big", "/chunked"] {
            do {
                _ = try await CurlTransport().send(try request(server, path, options: options))
                XCTFail("expected too large for \(path)")
            } catch let error as TransportError {
                XCTAssertEqual(error, .tooLarge(host: "127.0.0.1", limit: 100_000))
            }
        }
    }

    func testConnectionResetAndTruncatedBody() async throws {
        let server = try LoopbackServer { request in
            request.path == "/reset" ? .reset : .truncated(declaredLength: 100, body: Data("{\"partial\":".utf8))
        }
        let transport = CurlTransport()
        do {
            _ = try await transport.send(try request(server, "/reset"))
            XCTFail("expected a reset")
        } catch let error as TransportError {
            XCTAssertEqual(error, .connectionLost(host: "127.0.0.1"))
        }
        do {
            _ = try await transport.send(try request(server, "/truncated"))
            XCTFail("expected truncation")
        } catch let error as TransportError {
            XCTAssertEqual(error, .truncated(host: "127.0.0.1"))
        }
    }

    func testConnectionReuseForSequentialRequests() async throws {
        let server = try LoopbackServer { _ in .json("{\"ok\":1}") }
        let transport = CurlTransport()
        for _ in 0..<100 {
            let response = try await transport.send(try request(server, "/again"))
            XCTAssertEqual(response.status, 200)
        }
        XCTAssertLessThanOrEqual(server.connectionCount, 2)
        XCTAssertEqual(server.receivedRequests.count, 100)
    }

    func testConcurrentRequestsOverlap() async throws {
        let server = try LoopbackServer { _ in .json("{\"ok\":1}", delay: 0.3) }
        let transport = CurlTransport()
        let prepared = try request(server, "/slow")
        let started = Date()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<10 { group.addTask { try await transport.send(prepared).status } }
            for try await status in group { XCTAssertEqual(status, 200) }
        }
        // Ten 300 ms answers one after another would take 3 s.
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
    }

    func testOnlyHTTPProtocolsOnRedirect() async throws {
        let server = try LoopbackServer { _ in .respond(status: 302, headers: ["Location": "file:///etc/passwd"], body: Data(), delay: 0) }
        do {
            _ = try await CurlTransport().send(try request(server, "/evil"))
            XCTFail("a file:// redirect must be refused")
        } catch let error as TransportError {
            XCTAssertEqual(error, .unsupportedProtocol(host: "127.0.0.1"))
        }
    }

    func testARedirectToAnotherLoopbackPortIsFollowed() async throws {
        let target = try LoopbackServer { _ in .json("{\"moved\":true}") }
        let port = target.port
        let server = try LoopbackServer { _ in .respond(status: 307, headers: ["Location": "http://127.0.0.1:\(port)/there"], body: Data(), delay: 0)
        }
        let response = try await CurlTransport().send(try request(server, "/here"))
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "{\"moved\":true}")
        XCTAssertEqual(target.receivedRequests.map(\.path), ["/there"])
    }

    func testARedirectToPlainHTTPOffThisMachineIsRefusedWithoutConnecting() async throws {
        // 198.51.100.7 is a documentation address: nothing answers there, so a transport that
        // followed would wait for its connect time-out instead of refusing at once.
        let server = try LoopbackServer { _ in .respond(status: 302, headers: ["Location": "http://198.51.100.7/steal"], body: Data(), delay: 0) }
        let started = Date()
        do {
            _ = try await CurlTransport().send(try request(server, "/evil"))
            XCTFail("a redirect to plain http off this machine must be refused")
        } catch let error as TransportError {
            XCTAssertEqual(error, .insecureRedirect(host: "127.0.0.1", target: "198.51.100.7"))
            XCTAssertTrue(error.description.contains("refused"), error.description)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }

    func testAKeyInAHeaderNeverFollowsARedirectToAnotherOrigin() async throws {
        let target = try LoopbackServer { _ in .json("{}") }
        let port = target.port
        let server = try LoopbackServer { request in
            request.path == "/same" ? .json("{}") : .respond(status: 302, headers: ["Location": "http://127.0.0.1:\(port)/x"], body: Data(), delay: 0)
        }
        let descriptor = RequestDescriptor(provider: .twelveData, name: "test", path: "/quote", query: [QueryItem("symbol", "BTC/USD")], ttl: 60)
        let prepared = try RequestPreparer.prepare(descriptor, baseURL: server.baseURL, key: "sekrit-key")
        _ = try await CurlTransport().send(prepared)
        XCTAssertEqual(server.receivedRequests.first?.header("authorization"), "apikey sekrit-key")
        XCTAssertEqual(target.receivedRequests.count, 1)
        XCTAssertNil(target.receivedRequests.first?.header("authorization"), "the key stays with the host it was meant for")
    }

    func testStreamingDeliversChunksAsTheyArrive() async throws {
        let chunks = (0..<5).map { Data("line \($0)\n".utf8) }
        let server = try LoopbackServer { _ in .streamed(chunks: chunks, interval: 0.02) }
        let collected = Collected()
        let response = try await CurlTransport().stream(try request(server, "/stream")) { data in
            collected.append(data)
            return true
        }
        XCTAssertEqual(response.status, 200)
        XCTAssertTrue(response.body.isEmpty)
        XCTAssertEqual(String(decoding: collected.data, as: UTF8.self), (0..<5).map { "line \($0)\n" }.joined())
    }
}
