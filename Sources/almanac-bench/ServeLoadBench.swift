import AlmanacProviders
import AlmanacTestSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `almanac-bench served`: the resident server under load (docs/benchmarks.md, "Serve"), against
/// a loopback provider answering from the recordings dated now: 20 followers and 50 HTTP clients
/// on 5 places and the provider requests they cost; then `--requests` (100,000) HTTP requests and
/// the server's resident memory along them; then its processor time while idle for `--idle`
/// seconds (30); with `--week SECONDS`, a week of refreshes in that time (`ServeWeekBench`;
/// `--only week`: that alone).
/// `--binary` is the `almanac` to run (its `almanac-server` beside it; default the
/// static build).
enum ServeLoadBench {
    static let places = ["Moscow", "Oslo", "London", "Berlin", "New York"]

    static func run(_ options: BenchOptions) throws {
        let binary = options.values["binary"] ?? ".build-static/release/almanac"
        if options.values["only"] != "week" {
            let providers = try FixtureServer(fixtures: try CacheBench.locateFixtures(), redated: true)
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-bench-served-\(getpid())")
            defer { try? FileManager.default.removeItem(at: root) }
            let environment = GlanceBench.environment(root, urls: providers.environment).merging(["ALMANAC_SERVE_WAIT": "2"]) { _, new in new }
            let server = try Served(binary: binary, environment: environment)
            defer { server.stop() }
            var rows = try sharing(
                server, binary: binary, environment: environment, providers: providers, seconds: options.int("seconds", default: 20))
            rows += try memory(server, requests: options.int("requests", default: 100_000))
            rows += idle(server, seconds: options.int("idle", default: 30))
            show("Serve (\(binary))", rows, options)
        }
        if let week = options.values["week"].flatMap(Int.init) {
            show("Serve, a week (\(binary))", try ServeWeekBench.run(binary: binary, seconds: week), options)
        }
    }

    private static func show(_ title: String, _ rows: [(String, String)], _ options: BenchOptions) {
        report(title, rows, json: Dictionary(rows.map { ($0.0, $0.1) }) { first, _ in first }, asJSON: options.json)
    }

    /// 20 followers (4 a place, a look each second) and 50 clients asking `/PLACE?format=3` in a
    /// loop for `seconds`: the answers given and the provider requests, by resource.
    static func sharing(_ server: Served, binary: String, environment: [String: String], providers: FixtureServer, seconds: Int) throws
        -> [(String, String)]
    {
        let followers = try Served.followers(binary, places: places, environment: environment)
        defer { for follower in followers { follower.terminate() } }
        let answered = Atomic(0)
        let failed = Atomic(0)
        let end = Date().addingTimeInterval(Double(seconds))
        DispatchQueue.concurrentPerform(iterations: 50) { client in
            let target = "/" + places[client % 5].replacingOccurrences(of: " ", with: "+") + "?format=3"
            while Date() < end {
                let status = (try? RawHTTP.send(port: server.port, target: target))?.status
                if status == 200 { answered.add(1, ordering: .relaxed) } else { failed.add(1, ordering: .relaxed) }
            }
        }
        var byResource: [String: Int] = [:]
        for request in providers.requests { byResource[request.target, default: 0] += 1 }
        return [
            ("places · followers · clients", "5 · 20 · 50 for \(seconds) s"),
            ("HTTP answers (200) · others", "\(answered.load(ordering: .relaxed)) · \(failed.load(ordering: .relaxed))"),
            ("provider requests · resources", "\(providers.requests.count) · \(byResource.count)"),
            ("most requests of one resource", "\(byResource.values.max() ?? 0) (goal 1 a lifetime)"),
        ]
    }

    /// `requests` requests over 8 connections at a time, the places and four formats in turn; the
    /// server's resident memory at each tenth.
    static func memory(_ server: Served, requests: Int) throws -> [(String, String)] {
        let formats = ["3", "1", "%t+%w", "j1"]
        var samples = [server.residentMB()]
        var own = [server.residentMB("RssAnon")]
        let tenth = max(1, requests / 10)
        let done = Atomic(0)
        for _ in 0..<10 {
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                for index in stride(from: worker, to: tenth, by: 8) {
                    let place = places[index % 5].replacingOccurrences(of: " ", with: "+")
                    _ = try? RawHTTP.send(port: server.port, target: "/\(place)?format=\(formats[(index / 5) % 4])")
                    done.add(1, ordering: .relaxed)
                }
            }
            samples.append(server.residentMB())
            own.append(server.residentMB("RssAnon"))
        }
        let lastHalf = samples.suffix(6)
        return [
            ("HTTP requests", "\(done.load(ordering: .relaxed))"),
            ("resident MB at each tenth", samples.map { String(format: "%.1f", $0) }.joined(separator: " ")),
            ("of which its own (not the program file's)", own.map { String(format: "%.1f", $0) }.joined(separator: " ")),
            (
                "peak · growth over the last half",
                String(format: "%.1f MB · %+.1f MB (goal ≤ 40 MB, not growing)", samples.max() ?? 0, (lastHalf.last ?? 0) - (lastHalf.first ?? 0))
            ),
        ]
    }

    /// The server's processor time over `seconds` with nothing asked of it, from 12 s after the
    /// last request: FlyingFox's timer of each request (`ServerMain.handlerTime`, 10 s) wakes the
    /// process once when its time comes, cancelled or not.
    static func idle(_ server: Served, seconds: Int) -> [(String, String)] {
        Thread.sleep(forTimeInterval: 12)
        let before = server.processorSeconds()
        Thread.sleep(forTimeInterval: Double(seconds))
        let used = server.processorSeconds() - before
        return [("idle processor, \(seconds) s", String(format: "%.3f s · %.3f %% of a core (goal ≤ 0.1 %%)", used, used / Double(seconds) * 100))]
    }
}
