import AlmanacClient
import AlmanacCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A status-bar glance answered by the resident server when one runs (docs/serve.md, "Glances"):
/// before anything is parsed, the arguments go to `almanac serve` over its Unix socket and its
/// answer is printed as this run's — the same bytes the run would print (the server runs the same
/// command). No server, or none that answers in time (50 ms; `ALMANAC_SERVE_WAIT` in seconds
/// otherwise), and the run goes on as if there were none.
package enum ServedGlance {
    /// The variables a glance's text depends on, handed to the server's run.
    package static let forwarded = [
        "ALMANAC_TODAY", "COLUMNS", "NO_COLOR", "TZ", "TERM", "LANG", "LC_ALL", "ALMANAC_UNITS", "ALMANAC_WIND", "ALMANAC_LANG",
    ]

    /// The run's exit code when the server answered (its output written), else nil. With no
    /// server (the common case) it costs a look at the arguments, two variables and one `access`.
    package static func answer(_ arguments: [String]) -> Int32? {
        guard isGlance(arguments), Invocation.variable("ALMANAC_NO_SERVER") == nil else { return nil }
        let socket = ServeSocket.path(Invocation.variable)
        guard access(socket, F_OK) == 0 else { return nil }
        let wait = Invocation.variable("ALMANAC_SERVE_WAIT").flatMap(Double.init) ?? 0.05
        let variables = forwarded.compactMap { name in Invocation.variable(name).map { (name, JSONValue.string($0)) } }
        let request: JSONValue = .object([
            ("arguments", .array(arguments.map(JSONValue.string))), ("environment", .object(variables)),
            ("terminal", .bool(Invocation.isTerminal(STDOUT_FILENO))),
        ])
        guard let reply = UnixExchange.post(request.encoded(), to: socket, within: wait), let answer = JSONValue.parse(reply),
            let status = answer["status"]?.intValue
        else { return nil }
        if let out = answer["out"]?.stringValue, !out.isEmpty { Console.write(out, to: STDOUT_FILENO) }
        if let err = answer["err"]?.stringValue, !err.isEmpty { Console.write(err, to: STDERR_FILENO) }
        return Int32(status)
    }

    /// `weather … --format …` / `--waybar`, or `line …`: what a status bar runs.
    static func isGlance(_ arguments: [String]) -> Bool {
        guard let first = arguments.first(where: { !$0.hasPrefix("-") }) else { return false }
        if first == "line" { return !arguments.contains { $0 == "-h" || $0 == "--help" } }
        guard first == "weather", !arguments.contains(where: { $0 == "-h" || $0 == "--help" || $0 == "--json" }) else { return false }
        return arguments.contains { $0 == "--waybar" || $0 == "--format" || $0.hasPrefix("--format=") }
    }
}

/// Where the resident server listens for glances: `$XDG_RUNTIME_DIR/almanac/serve.sock` when
/// that is set and `ALMANAC_HOME` is not, else `serve.sock` in the state folder (`Paths`).
package enum ServeSocket {
    /// The socket's path, each variable read by `value`.
    package static func path(_ value: (String) -> String?) -> String {
        if value("ALMANAC_HOME") == nil, let runtime = value("XDG_RUNTIME_DIR") { return runtime + "/almanac/serve.sock" }
        return Paths.statePath(value) + "/serve.sock"
    }
}

/// One HTTP/1.1 POST over a Unix socket, bounded by a deadline: the body of a 200 answer, or nil
/// (no socket, refused, an error status, or no whole answer in time).
enum UnixExchange {
    static func post(_ body: Data, to path: String, within seconds: Double) -> Data? {
        let deadline = Date().addingTimeInterval(seconds)
        guard path.utf8.count < 108 else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard connected(fd, path) else { return nil }
        let head =
            "POST /glance HTTP/1.1\r\nHost: almanac\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let request = Data(head.utf8) + body
        let written = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == request.count else { return nil }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&poller, 1, left) == 1 else { return nil }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 { return nil }
            if count == 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return okBody(received)
    }

    private static func connected(_ fd: Int32, _ path: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
    }

    /// The body of a `200` answer read to its end (`Connection: close`), else nil.
    private static func okBody(_ answer: Data) -> Data? {
        guard answer.starts(with: Data("HTTP/1.1 200".utf8)), let end = answer.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        return answer[end.upperBound...]
    }
}
