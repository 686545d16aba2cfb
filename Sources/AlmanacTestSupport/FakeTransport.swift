import AlmanacCore
import AlmanacHTTP
import Foundation
import Synchronization

/// A transport that answers from memory, counting requests: the layers above the transport
/// tested without any socket.
package final class FakeTransport: HTTPTransport, Sendable {
    private let count = Atomic(0)
    package let body: Data
    package let delay: TimeInterval

    package init(body: Data, delay: TimeInterval = 0) {
        self.body = body
        self.delay = delay
    }

    package var requests: Int { count.load(ordering: .acquiring) }

    package func send(_ request: PreparedRequest) async throws -> HTTPResponse {
        count.add(1, ordering: .acquiringAndReleasing)
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1e9)) }
        return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body)
    }
}
