import AlmanacProviders
import AlmanacTestSupport
import Foundation
import Synchronization

/// `almanac-bench served --week SECONDS`: a week of a server's life in minutes (docs/benchmarks.md,
/// "Serve"): every provider answer fresh for 1 s instead of its 30 to 60 minutes, so that each
/// second is a refresh of every resource, as each half hour is in a week; 20 followers and 5
/// clients asking all along; the providers down (503) for the tenth from 40 % to 50 % of the time.
/// The server's resident memory at each tenth and the provider requests made.
enum ServeWeekBench {
    /// The providers' state: answering, or down.
    private final class Outage: Sendable {
        let down = Atomic(false)
    }

    static func run(binary: String, seconds: Int) throws -> [(String, String)] {
        let outage = Outage()
        let providers = try FixtureServer(fixtures: try CacheBench.locateFixtures(), redated: true, lifetime: 1) { _, _ in
            outage.down.load(ordering: .relaxed) ? .json(#"{"error": "down"}"#, status: 503) : nil
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-bench-week-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = GlanceBench.environment(root, urls: providers.environment).merging(["ALMANAC_SERVE_WAIT": "2"]) { _, new in new }
        let server = try Served(binary: binary, environment: environment)
        defer { server.stop() }
        let followers = try Served.followers(binary, places: ServeLoadBench.places, environment: environment)
        defer { for follower in followers { follower.terminate() } }
        var (total, own) = ([server.residentMB()], [server.residentMB("RssAnon")])
        for tenth in 0..<10 {
            outage.down.store(tenth == 4, ordering: .relaxed)
            ask(server, for: Double(seconds) / 10)
            total.append(server.residentMB())
            own.append(server.residentMB("RssAnon"))
        }
        let failed = providers.requests.count
        return [
            ("a week in \(seconds) s: lifetimes 1 s, 20 followers, 5 clients", "\(failed) provider requests (a tenth of the time down)"),
            ("resident MB at each tenth", total.map { String(format: "%.1f", $0) }.joined(separator: " ")),
            ("of which its own", own.map { String(format: "%.1f", $0) }.joined(separator: " ")),
            (
                "growth over the last half, all · own",
                String(format: "%+.1f MB · %+.1f MB (goal: not growing)", total[10] - total[5], own[10] - own[5])
            ),
        ]
    }

    /// Five clients asking `/PLACE?format=3` five times a second each, for `seconds`.
    private static func ask(_ server: Served, for seconds: Double) {
        let end = Date().addingTimeInterval(seconds)
        DispatchQueue.concurrentPerform(iterations: 5) { client in
            let target = "/" + ServeLoadBench.places[client].replacingOccurrences(of: " ", with: "+") + "?format=3"
            while Date() < end {
                _ = try? RawHTTP.send(port: server.port, target: target)
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
    }
}
