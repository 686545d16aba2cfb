import AlmanacCore
import AlmanacHTTP
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests and benchmarks.
///
/// It binds an ephemeral port, keeps connections alive, and answers each request with the
/// `ServerAction` its handler returns — including faults a framework would hide:
/// resets, truncated bodies, stalls. Listen backlog 128.
package final class LoopbackServer: Sendable {
    package typealias Handler = @Sendable (ServerRequest) -> ServerAction

    package let port: UInt16
    private let handler: Handler

    /// What the server has seen, and its listening socket until `stop()`.
    private struct Seen {
        var listener: Int32 = -1
        var connections = 0
        var requests: [ServerRequest] = []
        var stopped = false
        var clientClosures = 0
    }

    private let seen = Mutex(Seen())

    package init(handler: @escaping Handler) throws {
        self.handler = handler
        let (fd, port) = try Self.openListener()
        self.port = port
        seen.withLock { $0.listener = fd }
        Thread.detachNewThread { [self] in acceptLoop(fd) }
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>`
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// TCP connections accepted so far.
    package var connectionCount: Int { seen.withLock { $0.connections } }

    /// Connections the client closed while a `.hang` answer waited: transfers it gave up.
    package var closedByClient: Int { seen.withLock { $0.clientClosures } }

    /// Requests received so far, in order.
    package var receivedRequests: [ServerRequest] { seen.withLock { $0.requests } }

    package func stop() {
        let fd: Int32 = seen.withLock { seen in
            seen.stopped = true
            defer { seen.listener = -1 }
            return seen.listener
        }
        if fd >= 0 {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    // MARK: - Socket setup

    /// A socket listening on an ephemeral port of 127.0.0.1 (backlog 128), and the port.
    private static func openListener() throws -> (Int32, UInt16) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServerError.socket }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            close(fd)
            throw ServerError.socket
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    private func acceptLoop(_ fd: Int32) {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 {
                if seen.withLock({ $0.stopped }) { return }
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            var one: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            seen.withLock { $0.connections += 1 }
            Thread.detachNewThread { [self] in serve(ServerConnection(fd: client)) }
        }
    }

    // MARK: - Requests

    private func serve(_ connection: ServerConnection) {
        defer { connection.close() }
        while let request = connection.readRequest() {
            seen.withLock { $0.requests.append(request) }
            let action = handler(request)
            if !perform(action, on: connection, request: request) { return }
            if request.header("connection")?.lowercased() == "close" { return }
        }
    }

    /// Returns false when the connection must end.
    private func perform(_ action: ServerAction, on connection: ServerConnection, request: ServerRequest) -> Bool {
        switch action {
        case .respond(let status, let headers, let body, let delay):
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            connection.write(Self.head(status: status, headers: headers, length: body.count) + (request.method == "HEAD" ? Data() : body))
            return true
        case .respondLines(let status, let lines, let body):
            var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(body.count)\r\n"
            for (name, value) in lines { text += "\(name): \(value)\r\n" }
            connection.write(Data((text + "\r\n").utf8) + body)
            return true
        case .reset:
            connection.reset()
            return false
        case .truncated(let declared, let body):
            connection.write(Self.head(status: 200, headers: ["Content-Type": "application/json"], length: declared) + body)
            return false
        case .stall(let seconds):
            Thread.sleep(forTimeInterval: seconds)
            return false
        case .hang(let seconds):
            if connection.waitForPeerClose(seconds: seconds) { seen.withLock { $0.clientClosures += 1 } }
            return false
        case .streamed(let chunks, let interval):
            connection.write(Self.head(status: 200, headers: ["Content-Type": "application/x-ndjson", "Transfer-Encoding": "chunked"], length: nil))
            for chunk in chunks {
                connection.write(Data(String(chunk.count, radix: 16).utf8) + Data("\r\n".utf8) + chunk + Data("\r\n".utf8))
                if interval > 0 { Thread.sleep(forTimeInterval: interval) }
            }
            connection.write(Data("0\r\n\r\n".utf8))
            return true
        }
    }

    static func head(status: Int, headers: [String: String], length: Int?) -> Data {
        var text = "HTTP/1.1 \(status) \(reason(status))\r\n"
        var headers = headers
        if let length, headers.keys.first(where: { $0.lowercased() == "content-length" }) == nil {
            headers["Content-Length"] = String(length)
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

package enum ServerError: Error {
    case socket
}

/// What the server does with one request.
package enum ServerAction: Sendable {
    /// A normal response after `delay` seconds.
    case respond(status: Int, headers: [String: String], body: Data, delay: TimeInterval)
    /// A response whose header lines are sent as given, in order, a name as often as it comes
    /// (`Age: 0` then `Age: 7200`).
    case respondLines(status: Int, lines: [(String, String)], body: Data)
    /// Closes the connection with a TCP reset, sending nothing.
    case reset
    /// Declares `declaredLength` bytes but sends only `body`, then closes.
    case truncated(declaredLength: Int, body: Data)
    /// Sends nothing for `seconds`, then closes.
    case stall(seconds: TimeInterval)
    /// Sends nothing until the client closes the connection (counted in `closedByClient`), or
    /// `seconds` pass; then closes.
    case hang(seconds: TimeInterval)
    /// A chunked response, one chunk every `interval` seconds.
    case streamed(chunks: [Data], interval: TimeInterval)

    package static func json(_ text: String, status: Int = 200, headers: [String: String] = [:], delay: TimeInterval = 0) -> ServerAction {
        var all = ["Content-Type": "application/json"]
        all.merge(headers) { _, new in new }
        return .respond(status: status, headers: all, body: Data(text.utf8), delay: delay)
    }

    package static func data(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> ServerAction {
        .respond(status: status, headers: headers, body: body, delay: 0)
    }
}
