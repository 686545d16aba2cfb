import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import FrontKit
@testable import TerminalKit
@testable import TestHarness

/// A load the screen no longer wants is cancelled, and its transfer stops: the loopback server
/// sees the connection closed. Saves are never cancelled.
final class LoaderTests: XCTestCase {
    private func fetch(_ server: LoopbackServer, _ path: String) -> @Sendable (@escaping @Sendable (String) -> Void) async throws -> String {
        { _ in
            let descriptor = RequestDescriptor(provider: .fruityvice, name: "test", path: path, query: [], ttl: 60)
            let request = try RequestPreparer.prepare(descriptor, baseURL: server.baseURL, key: nil, options: TransportOptions())
            return String(decoding: try await CurlTransport().send(request).body, as: UTF8.self)
        }
    }

    private static func server() throws -> LoopbackServer {
        try LoopbackServer { request in request.path == "/slow" ? .hang(seconds: 10) : .json("\"fast\"") }
    }

    func testANewerLoadCancelsTheOneItSupersedes() throws {
        let server = try Self.server()
        let loader = Loader<String>()
        loader.load(fetch(server, "/slow"))
        XCTAssertTrue(waitUntil { server.receivedRequests.count == 1 })
        let newer = loader.load(fetch(server, "/fast"))
        XCTAssertTrue(waitUntil { loader.value == "\"fast\"" })
        XCTAssertTrue(waitUntil { server.closedByClient == 1 }, "the superseded transfer stopped")
        _ = newer
        XCTAssertNil(loader.failure, "a cancelled load is not a failure")
    }

    func testCancelStopsTheTransferAndKeepsWhatWasShown() throws {
        let server = try Self.server()
        let loader = Loader<String>()
        loader.load(fetch(server, "/fast"))
        XCTAssertTrue(waitUntil { loader.value == "\"fast\"" })
        loader.load(fetch(server, "/slow"))
        XCTAssertTrue(waitUntil { server.receivedRequests.count == 2 })
        loader.cancel()
        XCTAssertFalse(loader.isLoading)
        XCTAssertEqual(loader.value, "\"fast\"")
        XCTAssertTrue(waitUntil { server.closedByClient == 1 })
        XCTAssertNil(loader.failure)
    }

    func testASaveIsNeverCancelledByTheNextOne() throws {
        let server = try LoopbackServer { _ in .json("\"saved\"", delay: 0.3) }
        let saves = Loader<String>(saves: true)
        let first = saves.load(fetch(server, "/first"))
        saves.load(fetch(server, "/second"))
        saves.cancel()
        XCTAssertTrue(waitUntil { server.receivedRequests.count == 2 })
        XCTAssertTrue(waitUntil { saves.value == "\"saved\"" && !saves.isLoading })
        _ = first
        XCTAssertEqual(server.closedByClient, 0)
        XCTAssertEqual(server.receivedRequests.map(\.path).sorted(), ["/first", "/second"])
    }
}
