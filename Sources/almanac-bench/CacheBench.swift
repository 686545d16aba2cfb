import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import Weather

/// Serving a One Call–sized response from the cache (lookup, read, decode, into the domain
/// model) and storing one.
enum CacheBench {
    static func run(_ options: BenchOptions) async throws {
        let count = options.int("count", default: 500)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-bench-cache-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        let fixtures = try locateFixtures()
        let server = try FixtureServer(fixtures: fixtures)
        var values = server.environment
        values["ALMANAC_HOME"] = home.path
        values["OPENWEATHER_API_KEY"] = "bench-key"
        let configuration = Configuration(environment: Environment(values))
        let client = DataClient.standard(configuration, console: .silent)
        let city = City(name: "Moscow", latitude: 55.7558, longitude: 37.6173)
        let endpoint = OpenWeather.oneCall(latitude: city.latitude, longitude: city.longitude, lang: "en")
        _ = try await client.fetch(endpoint)
        let entry = client.answers.cache.read(key: endpoint.descriptor.identity, provider: .openWeather)!
        var hits: [Double] = []
        for _ in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            let fetched = try await client.fetch(endpoint)
            let report = WeatherMapper.report(fetched.value, city: city, provenance: fetched.provenance)
            precondition(report.daily.count == 8 && fetched.origin == .cache)
            hits.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let stores = (0..<count).map { _ in measure { try? client.answers.cache.write(entry) } }
        hits.sort()
        let median = hits[hits.count / 2]
        let p99 = hits[Int(Double(hits.count) * 0.99)]
        let storeMedian = stores.sorted()[stores.count / 2]
        report(
            "Cache (goal: ≤ 5 ms per hit)",
            [
                ("response size", "\(entry.body.count) bytes"),
                ("hit: lookup + read + decode + map, median", milliseconds(median)),
                ("hit, p99", milliseconds(p99)),
                ("store (atomic write), median", milliseconds(storeMedian)),
            ], json: ["bytes": entry.body.count, "hit_ms_median": median * 1000, "hit_ms_p99": p99 * 1000, "store_ms_median": storeMedian * 1000],
            asJSON: options.json)
    }

    static func locateFixtures() throws -> URL {
        let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        guard let folder = FixtureLocator.locate(environment: Environment(ProcessInfo.processInfo.environment), executablePath: path) else {
            throw UsageError("Fixtures/ not found; set ALMANAC_FIXTURES.")
        }
        return folder
    }
}
