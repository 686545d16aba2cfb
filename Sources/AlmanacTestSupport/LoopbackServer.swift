import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

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
package final class LoopbackServer: @unchecked Sendable {
    package typealias Handler = @Sendable (ServerRequest) -> ServerAction

    package private(set) var port: UInt16 = 0
    private var listener: Int32 = -1
    private let handler: Handler
    private let lock = NSLock()
    private var connections = 0
    private var requests: [ServerRequest] = []
    private var stopped = false

    package init(handler: @escaping Handler) throws {
        self.handler = handler
        try start()
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>`
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// TCP connections accepted so far.
    package var connectionCount: Int { lock.withLock { connections } }

    /// Requests received so far, in order.
    package var receivedRequests: [ServerRequest] { lock.withLock { requests } }

    package func stop() {
        let fd: Int32 = lock.withLock {
            stopped = true
            let fd = listener
            listener = -1
            return fd
        }
        if fd >= 0 {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    // MARK: - Socket setup

    private func start() throws {
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
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        Thread.detachNewThread { [self] in acceptLoop(fd) }
    }

    private func acceptLoop(_ fd: Int32) {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 {
                if lock.withLock({ stopped }) { return }
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            var one: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            lock.withLock { connections += 1 }
            Thread.detachNewThread { [self] in serve(ServerConnection(fd: client)) }
        }
    }

    // MARK: - Requests

    private func serve(_ connection: ServerConnection) {
        defer { connection.close() }
        while let request = connection.readRequest() {
            lock.withLock { requests.append(request) }
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
        case .reset:
            connection.reset()
            return false
        case .truncated(let declared, let body):
            connection.write(Self.head(status: 200, headers: ["Content-Type": "application/json"], length: declared) + body)
            return false
        case .stall(let seconds):
            Thread.sleep(forTimeInterval: seconds)
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
    /// Closes the connection with a TCP reset, sending nothing.
    case reset
    /// Declares `declaredLength` bytes but sends only `body`, then closes.
    case truncated(declaredLength: Int, body: Data)
    /// Sends nothing for `seconds`, then closes.
    case stall(seconds: TimeInterval)
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
