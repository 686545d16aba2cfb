import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import AlmanacTestSupport
import Crypto
import Foundation

/// `almanac crypto` on a cold cache against a server that answers each request after 300 ms.
enum CryptoBench {
    static func run(_ options: BenchOptions) async throws {
        let fixtures = try CacheBench.locateFixtures()
        let slow = try FixtureServer(fixtures: fixtures, delay: 0.3)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-bench-crypto-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        let values = ["ALMANAC_HOME": home.path, "TWELVEDATA_API_KEY": "bench-key", "ALMANAC_TWELVEDATA_URL": slow.baseURL(for: .twelveData)]
        let configuration = Configuration(environment: Environment(values))
        let context = AppContext(
            configuration: configuration, console: .silent, client: DataClient.standard(configuration, console: .silent))
        var rows = 0
        let cold = try await measureAsync { rows = try await CryptoService(context: context).prices().rows.count }
        let warm = try await measureAsync { _ = try await CryptoService(context: context).prices() }
        report(
            "Crypto watchlist (goal: about one request's time on a cold cache)",
            [
                ("symbols", "\(rows)"), ("server latency per request", "300 ms"), ("requests sent", "\(slow.requests.count)"),
                ("cold cache", milliseconds(cold)), ("warm cache", milliseconds(warm)),
            ], json: ["symbols": rows, "requests": slow.requests.count, "cold_ms": cold * 1000, "warm_ms": warm * 1000], asJSON: options.json)
    }
}
