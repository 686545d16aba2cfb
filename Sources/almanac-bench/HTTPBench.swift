import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import AlmanacTestSupport
import Foundation

/// N sequential GETs through the client vs one `curl` process, and 10 concurrent slow requests.
enum HTTPBench {
    static func run(_ options: BenchOptions) async throws {
        let count = options.int("count", default: 1000)
        let body = Data(String(repeating: "{\"price\":\"91234.50000\"}", count: 20).utf8)
        let server = try LoopbackServer { request in
            request.path == "/slow"
                ? .respond(status: 200, headers: [:], body: body, delay: 0.3) : .data(body, headers: ["Content-Type": "application/json"])
        }
        let transport = CurlTransport()
        let descriptor = RequestDescriptor(provider: .fruityvice, name: "bench", path: "/fast", ttl: 0)
        let request = try RequestPreparer.prepare(descriptor, baseURL: server.baseURL, key: nil)
        _ = try await transport.send(request)
        let client = try await measureAsync {
            for _ in 0..<count { _ = try await transport.send(request) }
        }
        let curl = try curlTime(url: request.url, count: count)
        var slow = descriptor
        slow.path = "/slow"
        let slowRequest = try RequestPreparer.prepare(slow, baseURL: server.baseURL, key: nil)
        let concurrent = try await measureAsync {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<10 { group.addTask { _ = try await transport.send(slowRequest) } }
                try await group.waitForAll()
            }
        }
        var rows = [
            ("sequential GETs", "\(count)"), ("almanac client", milliseconds(client)),
            ("connections opened", "\(server.connectionCount)"),
        ]
        var json: [String: Any] = ["count": count, "client_ms": client * 1000, "concurrent10_ms": concurrent * 1000]
        if let curl {
            rows.append(("curl (one process)", milliseconds(curl)))
            rows.append(("ratio client / curl", String(format: "%.2f×", client / curl)))
            json["curl_ms"] = curl * 1000
            json["ratio"] = client / curl
        } else {
            rows.append(("curl", "not on PATH"))
        }
        rows.append(("10 concurrent × 300 ms", milliseconds(concurrent)))
        report("HTTP (goal: ≤ 1.2× curl; 10 concurrent ≤ 450 ms)", rows, json: json, asJSON: options.json)
    }

    /// Time for one `curl` process to fetch the same URL `count` times (connection reused).
    static func curlTime(url: String, count: Int) throws -> Double? {
        let path = ["/usr/bin/curl", "/usr/local/bin/curl", "/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return nil }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-bench-curl-\(getpid()).txt")
        let lines = Array(repeating: "url = \"\(url)\"\noutput = \"/dev/null\"\n", count: count).joined()
        try lines.write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-s", "-K", config.path]
        return try measure {
            try process.run()
            process.waitUntilExit()
        }
    }
}
