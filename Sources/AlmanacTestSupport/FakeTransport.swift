import AlmanacCore
import AlmanacHTTP
import Foundation

/// A transport that answers from memory, counting requests: the layers above the transport
/// tested without any socket.
// @unchecked: the request count is guarded by `lock`.
package final class FakeTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    package let body: Data
    package let delay: TimeInterval

    package init(body: Data, delay: TimeInterval = 0) {
        self.body = body
        self.delay = delay
    }

    package var requests: Int { lock.withLock { count } }

    package func send(_ request: PreparedRequest) async throws -> HTTPResponse {
        lock.withLock { count += 1 }
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1e9)) }
        return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body)
    }
}
