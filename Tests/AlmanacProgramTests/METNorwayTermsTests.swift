import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import TestHarness

/// A loopback MET Norway that answers as the real one does: `Expires` half an hour after its
/// `Date`, a `Last-Modified`, 304 to a matching `If-Modified-Since`, and whatever status a test sets.
private final class METServer: @unchecked Sendable {
    let lock = NSLock()
    var status = 200
    var gzip = false
    var extraHeaders: [String: String] = [:]
    let lastModified = "Fri, 20 Nov 2026 08:59:44 GMT"
    let body: Data
    lazy var server: LoopbackServer = try! LoopbackServer { [unowned self] request in
        self.lock.withLock {
            let date = HTTPDate.format(Date())
            var headers = [
                "Date": date, "Expires": HTTPDate.format(Date().addingTimeInterval(1800)), "Last-Modified": self.lastModified,
                "Content-Type": "application/json",
            ]
            headers.merge(self.extraHeaders) { _, new in new }
            if self.status != 200, self.status != 203 {
                return .respond(status: self.status, headers: headers, body: Data("{\"message\":\"no\"}".utf8), delay: 0)
            }
            if request.header("if-modified-since") == self.lastModified { return .respond(status: 304, headers: headers, body: Data(), delay: 0) }
            if self.gzip {
                headers["Content-Encoding"] = "gzip"
                return .respond(status: self.status, headers: headers, body: try! METServer.gzipped(self.body), delay: 0)
            }
            return .respond(status: self.status, headers: headers, body: self.body, delay: 0)
        }
    }

    init() throws {
        body = try XCTUnwrap(Recording.load(repositoryFixtures.appendingPathComponent("metno/forecast-oslo.json"))).body
    }

    static func gzipped(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(data)
        try input.fileHandleForWriting.close()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return result
    }
}

final class METNorwayTermsTests: XCTestCase {
    private var home: URL!
    private var met: METServer!
    private var capture: CapturedConsole!
    private let clock = ManualClock(Date())

    override func setUpWithError() throws {
        home = try makeTemporaryFolder(self)
        met = try METServer()
        capture = CapturedConsole()
    }

    private func client(_ variables: [String: String] = [:], refresh: Bool = false) -> DataClient {
        let configuration = makeConfiguration(
            home: home, ["ALMANAC_METNO_URL": met.server.baseURL].merging(variables) { _, new in new }, refresh: refresh)
        return makeClient(configuration, console: capture.console, clock: clock)
    }

    private let oslo = METNorway.forecast(latitude: 59.913868, longitude: 10.752245)

    private static func recordedSteps() throws -> Int {
        try METNorway.forecast(latitude: 0, longitude: 0).decode(try METServer().body).properties.timeseries.count
    }

    func testTheRequestNamesTheProgramKeepsFourDecimalsAndTakesGzip() async throws {
        met.lock.withLock { met.gzip = true }
        let fetched = try await client().fetch(oslo)
        XCTAssertEqual(fetched.value.properties.timeseries.count, try Self.recordedSteps(), "the gzip-encoded body decoded")
        let request = try XCTUnwrap(met.server.receivedRequests.first)
        XCTAssertEqual(request.path, "/weatherapi/locationforecast/2.0/compact")
        XCTAssertEqual(request.queryValue("lat"), "59.9139")
        XCTAssertEqual(request.queryValue("lon"), "10.7522")
        XCTAssertEqual(request.header("user-agent"), "almanac/\(AlmanacVersion.current) (+\(AlmanacVersion.homePage))")
        XCTAssertTrue(request.header("accept-encoding")?.contains("gzip") == true, "\(request.headers)")
        _ = try await client(["ALMANAC_USER_AGENT": "almanac-test/1 ops@example.org"], refresh: true).fetch(oslo)
        XCTAssertEqual(met.server.receivedRequests.last?.header("user-agent"), "almanac-test/1 ops@example.org")
    }

    func testFreshUntilExpiresThenRevalidatedWithTheExactLastModified() async throws {
        _ = try await client().fetch(oslo)
        clock.advance(by: 1790)
        let cached = try await client().fetch(oslo)
        XCTAssertEqual(cached.origin, .cache, "fresh until Expires, although the TTL fallback is the same")
        XCTAssertEqual(met.server.receivedRequests.count, 1)
        clock.advance(by: 20)
        let renewed = try await client().fetch(oslo)
        XCTAssertEqual(met.server.receivedRequests.count, 2)
        XCTAssertEqual(met.server.receivedRequests.last?.header("if-modified-since"), met.lastModified, "the stored value, byte for byte")
        XCTAssertEqual(renewed.origin, .live)
        XCTAssertEqual(renewed.value.properties.timeseries.count, try Self.recordedSteps(), "the 304 kept the stored body")
        clock.advance(by: 1700)
        let again = try await client().fetch(oslo)
        XCTAssertEqual(again.origin, .cache, "the 304's Expires renewed the copy")
        XCTAssertEqual(met.server.receivedRequests.count, 2)
        let listed = CacheReport.items(client().answers.cache, now: clock.now())
        XCTAssertEqual(listed.first?.expiryFrom, "server")
        XCTAssertEqual(listed.first?.validator, "last-modified")
    }

    func testMaxAgeAndNoStoreFromTheServerReplaceTheTTL() async throws {
        met.lock.withLock { met.extraHeaders = ["Cache-Control": "max-age=5"] }
        _ = try await client().fetch(oslo)
        clock.advance(by: 6)
        met.lock.withLock { met.extraHeaders = ["Cache-Control": "no-store"] }
        _ = try await client().fetch(oslo)
        XCTAssertEqual(met.server.receivedRequests.count, 2, "max-age=5 ended its freshness after 5 s, not the TTL's 30 min")
        _ = try await client().fetch(oslo)
        XCTAssertEqual(met.server.receivedRequests.count, 3, "a no-store answer is not kept")
        XCTAssertEqual(CacheReport.items(client().answers.cache, now: clock.now()).map(\.key), [])
    }

    func testAnETagIsSentBackAsIfNoneMatch() async throws {
        met.lock.withLock { met.extraHeaders = ["ETag": "\"v42\"", "Cache-Control": "max-age=0"] }
        _ = try await client().fetch(oslo)
        clock.advance(by: 1)
        _ = try await client().fetch(oslo)
        XCTAssertEqual(met.server.receivedRequests.last?.header("if-none-match"), "\"v42\"")
    }

    func testADeprecatedProductWarnsOnceADay() async throws {
        met.lock.withLock { met.status = 203 }
        let configuration = makeConfiguration(home: home, ["ALMANAC_METNO_URL": met.server.baseURL], refresh: true)
        var quiet = configuration
        quiet.verbose = false
        for _ in 0..<2 { _ = try await makeClient(quiet, console: capture.console, clock: clock).fetch(oslo) }
        XCTAssertEqual(capture.err.components(separatedBy: "is deprecated (HTTP 203)").count - 1, 1, capture.err)
    }

    func testThrottledAndForbiddenInPlainWordsAndTheCachedCopyStands() async throws {
        for status in [429, 403] {
            met.lock.withLock { met.status = status }
            let error = await thrownError(try await client(refresh: true).fetch(oslo))
            let text = ErrorText.describe(try XCTUnwrap(error))
            XCTAssertTrue(text.hasPrefix("MET Norway "), text)
            XCTAssertFalse(text.contains("key"), "MET has no key: \(text)")
        }
        met.lock.withLock { met.status = 200 }
        _ = try await client().fetch(oslo)
        clock.advance(by: 3700)
        for status in [429, 403] {
            met.lock.withLock { met.status = status }
            let stale = try await client().fetch(oslo)
            XCTAssertEqual(stale.origin, .cache)
            XCTAssertTrue(stale.stale)
        }
        XCTAssertTrue(capture.err.contains("showing the weather at 59.91,10.75 cached 1 h ago: MET Norway is rate limiting"), capture.err)
        XCTAssertTrue(capture.err.contains("MET Norway refused the request (HTTP 403"), capture.err)
    }
}

/// The error an async expression throws, or nil (with a failure) when it returns.
func thrownError<T>(_ expression: @autoclosure () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async
    -> (any Error)?
{
    do {
        _ = try await expression()
        XCTFail("no error thrown", file: file, line: line)
        return nil
    } catch {
        return error
    }
}
