import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 exchange written by hand on a TCP socket to 127.0.0.1, for the tests of a server:
/// any method, target and headers, exactly as given (`Connection: close`; the answer read to its end).
package struct RawHTTPAnswer: Sendable {
    package var status: Int
    /// The header lines, names lowercased.
    package var headers: [String: String]
    package var body: String
}

package enum RawHTTP {
    /// A connection that sends `partial` and then nothing (a stalled client); closed when the
    /// returned descriptor is.
    package static func stall(port: Int, partial: String) throws -> Int32 {
        let fd = try connected(port: port)
        _ = Array(partial.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        return fd
    }

    package static func send(port: Int, method: String = "GET", target: String, headers: [(String, String)] = []) throws -> RawHTTPAnswer {
        let fd = try connected(port: port)
        defer { close(fd) }
        let lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + headers.map { "\($0): \($1)" }
        let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
        _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return parse(String(decoding: received, as: UTF8.self))
    }

    private static func connected(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CocoaError(.fileReadUnknown) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw CocoaError(.fileReadNoPermission)
        }
        return fd
    }

    static func parse(_ text: String) -> RawHTTPAnswer {
        let (head, body) = text.range(of: "\r\n\r\n").map { (String(text[..<$0.lowerBound]), String(text[$0.upperBound...])) } ?? (text, "")
        let lines = head.components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RawHTTPAnswer(status: status, headers: headers, body: body)
    }
}
