import AlmanacCore
import AlmanacHTTP
import Foundation

#if canImport(Glibc)
    import Glibc
    /// The C library's `close`, named apart from this file's own `close`.
    private let posixClose = Glibc.close
#elseif canImport(Darwin)
    import Darwin
    private let posixClose = Darwin.close
#endif

/// One accepted socket: buffered reads of requests, raw writes of responses.
final class ServerConnection {
    private let fd: Int32
    private var buffer = Data()
    private var closed = false

    init(fd: Int32) {
        self.fd = fd
    }

    /// The next request, or nil when the peer closed or sent garbage.
    func readRequest() -> ServerRequest? {
        guard let headEnd = readUntilHeadEnd() else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<headEnd], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex..<(headEnd + 4))
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingWhitespace()
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length { guard fill() else { return nil } }
        let body = buffer.prefix(length)
        buffer.removeFirst(length)
        return ServerRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: Data(body))
    }

    private func readUntilHeadEnd() -> Int? {
        let marker = Data("\r\n\r\n".utf8)
        while true {
            if let range = buffer.range(of: marker) { return range.lowerBound }
            guard buffer.count < 1_000_000, fill() else { return nil }
        }
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let count = recv(fd, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    func write(_ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// Waits up to `seconds` for the peer to close the connection, sending nothing; true when
    /// it did (end of stream or a reset), false when the time ran out first.
    func waitForPeerClose(seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var byte: UInt8 = 0
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20) > 0 else { continue }
            if recv(fd, &byte, 1, Int32(MSG_PEEK)) <= 0 { return true }
            Thread.sleep(forTimeInterval: 0.02)  // a pipelined request: not a close
        }
        return false
    }

    /// Closes with RST: SO_LINGER with a zero timeout.
    func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close()
    }

    func close() {
        guard !closed else { return }
        closed = true
        #if canImport(Glibc)
            _ = posixClose(fd)
        #else
            Darwin.close(fd)
        #endif
    }
}
