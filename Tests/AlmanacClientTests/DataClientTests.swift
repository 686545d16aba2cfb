import AlmanacCore
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacClient
@testable import TestHarness

private struct Weather: Decodable, Sendable, Equatable {
    var temp: Double
}

private func weatherEndpoint(lat: String = "1") -> Endpoint<Weather> {
    Endpoint(
        RequestDescriptor(
            provider: .openWeather, name: "openweather.weather", path: "/data/2.5/weather",
            query: [QueryItem("lat", lat)], ttl: 600))
}

/// A server whose answer and status can change between requests.
private final class ChangingServer: @unchecked Sendable {
    let lock = NSLock()
    var temp = 10
    var status = 200
    var etag: String?
    var lastIfNoneMatch: String?
    lazy var server: LoopbackServer = try! LoopbackServer { [unowned self] request in
        self.lock.withLock {
            self.lastIfNoneMatch = request.header("if-none-match")
            if let etag = self.etag, request.header("if-none-match") == etag { return .respond(status: 304, headers: [:], body: Data(), delay: 0) }
            if self.status != 200 { return .json("{\"cod\":\(self.status),\"message\":\"boom\"}", status: self.status) }
            var headers: [String: String] = [:]
            if let etag = self.etag { headers["ETag"] = etag }
            return .json("{\"temp\":\(self.temp),\"echo\":\"\(request.queryValue("appid") ?? "")\"}", headers: headers)
        }
    }
}

final class DataClientTests: XCTestCase {
    private var home: URL!
    private var backend: ChangingServer!
    private var capture: CapturedConsole!
    private let clock = ManualClock()
    private let key = "OWKEY-abcdef-123456"

    override func setUpWithError() throws {
        home = try makeTemporaryFolder(self)
        backend = ChangingServer()
        capture = CapturedConsole()
    }

    private func client(offline: Bool = false, refresh: Bool = false, maxAge: TimeInterval? = nil, keyed: Bool = true) -> DataClient {
        var variables = ["ALMANAC_OPENWEATHER_URL": backend.server.baseURL]
        if keyed { variables["OPENWEATHER_API_KEY"] = key }
        let configuration = makeConfiguration(home: home, variables, offline: offline, refresh: refresh, maxAge: maxAge)
        return makeClient(configuration, console: capture.console, clock: clock)
    }

    func testMissThenFreshHitWithoutNetwork() async throws {
        let first = try await client().fetch(weatherEndpoint())
        XCTAssertEqual(first.value, Weather(temp: 10))
        XCTAssertEqual(first.origin, .live)
        clock.advance(by: 599)
        let second = try await client().fetch(weatherEndpoint())
        XCTAssertEqual(second.origin, .cache)
        XCTAssertFalse(second.stale)
        XCTAssertEqual(backend.server.receivedRequests.count, 1)
    }

    func testStaleIsShownFirstThenRefreshed() async throws {
        _ = try await client().fetch(weatherEndpoint())
        clock.advance(by: 601)
        backend.lock.withLock { backend.temp = 12 }
        let shown = Collected()
        let result = try await client().fetch(weatherEndpoint()) { stale in
            XCTAssertTrue(stale.stale)
            XCTAssertEqual(stale.value, Weather(temp: 10))
            shown.append(Data("stale".utf8))
        }
        XCTAssertEqual(String(decoding: shown.data, as: UTF8.self), "stale")
        XCTAssertEqual(result.value, Weather(temp: 12))
        XCTAssertEqual(result.origin, .live)
        XCTAssertTrue(result.changedAfterStale)
        XCTAssertEqual(backend.server.receivedRequests.count, 2)
    }

    func testStaleStandsWithWarningWhenRevalidationFails() async throws {
        _ = try await client().fetch(weatherEndpoint())
        clock.advance(by: 3600)
        backend.lock.withLock { backend.status = 503 }
        let result = try await client().fetch(weatherEndpoint())
        XCTAssertEqual(result.value, Weather(temp: 10))
        XCTAssertTrue(result.stale)
        XCTAssertEqual(result.origin, .cache)
        XCTAssertTrue(
            capture.err.contains("warning: showing the OpenWeatherMap answer cached 1 h ago: OpenWeatherMap had a server error (HTTP 503)"),
            capture.err)
    }

    func testStaleStandsOnConnectionFailureAnd429() async throws {
        _ = try await client().fetch(weatherEndpoint())
        clock.advance(by: 3600)
        backend.lock.withLock { backend.status = 429 }
        let limited = try await client().fetch(weatherEndpoint())
        XCTAssertTrue(limited.stale)
        backend.server.stop()
        let offlineServer = try await client().fetch(weatherEndpoint())
        XCTAssertTrue(offlineServer.stale)
        XCTAssertTrue(capture.err.contains("Could not connect to 127.0.0.1"), capture.err)
    }

    func testConditionalRevalidationWith304() async throws {
        backend.lock.withLock { backend.etag = "\"v1\"" }
        _ = try await client().fetch(weatherEndpoint())
        clock.advance(by: 700)
        let result = try await client().fetch(weatherEndpoint())
        XCTAssertEqual(backend.lock.withLock { backend.lastIfNoneMatch }, "\"v1\"")
        XCTAssertEqual(result.value, Weather(temp: 10))
        XCTAssertFalse(result.changedAfterStale)
        // The 304 refreshed the entry: it is fresh again for another TTL.
        clock.advance(by: 500)
        let again = try await client().fetch(weatherEndpoint())
        XCTAssertEqual(again.origin, .cache)
        XCTAssertFalse(again.stale)
        XCTAssertEqual(backend.server.receivedRequests.count, 2)
    }

    func testRefreshSkipsTheCacheAndMaxAgeShortensTTL() async throws {
        _ = try await client().fetch(weatherEndpoint())
        _ = try await client(refresh: true).fetch(weatherEndpoint())
        XCTAssertEqual(backend.server.receivedRequests.count, 2)
        clock.advance(by: 30)
        let result = try await client(maxAge: 10).fetch(weatherEndpoint())
        XCTAssertEqual(result.origin, .live)
        XCTAssertEqual(backend.server.receivedRequests.count, 3)
    }

    func testOfflineServesExpiredCacheWithoutNetwork() async throws {
        _ = try await client().fetch(weatherEndpoint())
        clock.advance(by: 86400)
        let result = try await client(offline: true).fetch(weatherEndpoint())
        XCTAssertEqual(result.origin, .cache)
        XCTAssertTrue(result.stale)
        XCTAssertEqual(backend.server.receivedRequests.count, 1)
    }

    func testOfflineWithoutCacheOrRecordingNamesTheRequest() async throws {
        do {
            _ = try await client(offline: true).fetch(weatherEndpoint(lat: "99"))
            XCTFail("expected noRecording")
        } catch let error as SampleDataError {
            // The user reads what the samples cover; the request is kept for --verbose.
            XCTAssertEqual(error.request, "openweather GET /data/2.5/weather?lat=99")
        }
    }

    func testMissingKeyUsesFixturesAndNeverCachesThem() async throws {
        func endpoint(reference: Bool) -> Endpoint<Weather> {
            var descriptor = RequestDescriptor(
                provider: .openWeather, name: "openweather.weather", path: "/data/2.5/weather",
                query: [QueryItem("lat", "55.7558"), QueryItem("lon", "37.6173"), QueryItem("units", "metric")], ttl: 600)
            descriptor.reference = reference
            return Endpoint<Weather>(descriptor) { data in
                let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
                let main = object["main"] as! [String: Any]
                return Weather(temp: (main["temp"] as! NSNumber).doubleValue)
            }
        }
        // Reference data read beside an answer (a catalogue of names): no note of the key.
        _ = try await client(keyed: false).fetch(endpoint(reference: true))
        XCTAssertFalse(capture.err.contains("OPENWEATHER_API_KEY"), capture.err)
        let result = try await client(keyed: false).fetch(endpoint(reference: false))
        XCTAssertEqual(result.origin, .fixture)
        XCTAssertTrue(capture.err.contains("OpenWeatherMap: OPENWEATHER_API_KEY is not set; showing sample data."), capture.err)
        let cached = (try? FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("cache").path)) ?? []
        XCTAssertEqual(cached.filter { $0.hasSuffix(".json") }, [])
        XCTAssertEqual(backend.server.receivedRequests.count, 0)
    }

    func testCorruptAndTruncatedEntriesAreMisses() async throws {
        _ = try await client().fetch(weatherEndpoint())
        let cacheFolder = home.appendingPathComponent("cache")
        let file = try FileManager.default.contentsOfDirectory(at: cacheFolder, includingPropertiesForKeys: nil).first { $0.pathExtension == "json" }!
        let original = try Data(contentsOf: file)
        for damaged in [
            original.prefix(original.count / 2), Data("garbage".utf8), Data(),
            Data(String(decoding: original, as: UTF8.self).replacingOccurrences(of: "\"schema\":1", with: "\"schema\":99").utf8),
        ] {
            try damaged.write(to: file)
            let result = try await client().fetch(weatherEndpoint())
            XCTAssertEqual(result.origin, .live)
        }
        XCTAssertTrue(capture.err.contains("cache: dropped unreadable entry"))
        XCTAssertEqual(backend.server.receivedRequests.count, 5)
    }

    func testFilePermissionsAndNoKeyOnDisk() async throws {
        _ = try await client().fetch(weatherEndpoint())
        let cacheFolder = home.appendingPathComponent("cache")
        let attributes = try FileManager.default.attributesOfItem(atPath: cacheFolder.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
        for file in try FileManager.default.contentsOfDirectory(at: cacheFolder, includingPropertiesForKeys: nil) {
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
            XCTAssertEqual(mode?.intValue, 0o600)
        }
        // The server echoed the key into the body; it must not reach the disk.
        XCTAssertFalse(allText(under: home).contains(key))
        XCTAssertFalse(capture.err.contains(key))
        XCTAssertTrue(capture.err.contains("appid=***"))
    }

    func testOneRevalidationPerKeyInAProcess() async throws {
        let slow = try LoopbackServer { _ in .json("{\"temp\":1}", delay: 0.2) }
        let configuration = makeConfiguration(home: home, ["ALMANAC_OPENWEATHER_URL": slow.baseURL, "OPENWEATHER_API_KEY": key])
        let client = makeClient(configuration, console: capture.console, clock: clock)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<5 { group.addTask { _ = try await client.fetch(weatherEndpoint()) } }
            try await group.waitForAll()
        }
        XCTAssertEqual(slow.receivedRequests.count, 1)
    }
}
