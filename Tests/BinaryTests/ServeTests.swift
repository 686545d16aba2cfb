import AlmanacProviders
import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import TestHarness

/// `almanac serve` as a process: wttr.in's URLs and forwarded glances answered with the one-shot
/// command's bytes, bad requests refused with their status, one server per home, and SIGTERM
/// (docs/serve.md).
final class ServeTests: XCTestCase {
    /// A running `almanac serve --port 0` in `home`, and the port it took.
    struct Running {
        let server: LongRun
        let port: Int
        var process: Process { server.process }
        var log: String { server.err }
    }

    /// An answer another thread receives.
    private final class Answer: Sendable {
        private let value = Mutex<RawHTTPAnswer?>(nil)
        func set(_ answer: RawHTTPAnswer?) { value.withLock { $0 = answer } }
        func get() -> RawHTTPAnswer? { value.withLock { $0 } }
    }

    func start(home: URL, environment: [String: String], options: [String] = []) throws -> Running {
        let server = try LongRun(["serve", "--port", "0"] + options, home: home, environment: environment, test: self)
        XCTAssertTrue(waitUntil(seconds: 10) { server.err.contains("listening on") }, server.err)
        let port = server.err.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }
        return Running(server: server, port: try XCTUnwrap(port, server.err))
    }

    func testURLsAndGlancesAreTheOneShotBytesAndBadRequestsTheirStatus() throws {
        let home = try makeTemporaryFolder(self)
        // Answers fresh from now (no glance starts a refresher); a name the geocoder knows nothing
        // of gets its real answer: no `results`.
        let providers = try FixtureServer(fixtures: repositoryFixtures, redated: true) { provider, request in
            provider == .openMeteoGeocoding && request.query.contains { $0.value == "Qwxyzville" } ? .json(#"{"generationtime_ms": 0.3}"#) : nil
        }
        let environment = providers.environment.merging(
            ["ALMANAC_TODAY": "2026-11-20", "ALMANAC_SERVE_WAIT": "10", "TWELVEDATA_API_KEY": Self.key]) { _, new in new }
        let server = try start(home: home, environment: environment)
        let alone = environment.merging(["ALMANAC_NO_SERVER": "1"]) { _, new in new }
        for (query, format) in [
            ("format=1", "1"), ("format=2", "2"), ("format=3", "3"), ("format=4", "4"), ("format=%l:+%c+%t+%w+%h", "%l: %c %t %w %h"),
        ] {
            let answer = try RawHTTP.send(port: server.port, target: "/Oslo?\(query)")
            let oneShot = try runAlmanac(["weather", "Oslo", "--format", format], home: home, environment: alone)
            XCTAssertEqual(answer.status, 200, answer.body)
            XCTAssertEqual(answer.body, oneShot.out, query)
            XCTAssertFalse(answer.body.isEmpty, query)
            // The same glance from a status bar: forwarded to the server, the same bytes.
            let served = try runAlmanac(["weather", "Oslo", "--format", format], home: home, environment: environment)
            XCTAssertEqual(served.out, oneShot.out, format)
            XCTAssertEqual(served.status, oneShot.status, format)
        }
        // The server logs each glance before it answers; its log reaches this test on its own time.
        let forwarded = { server.log.components(separatedBy: "glance weather").count - 1 }
        XCTAssertTrue(waitUntil(seconds: 5) { forwarded() == 5 }, "each glance went through the server: \(server.log)")
        let waybar = try runAlmanac(["weather", "Oslo", "--format", "1", "--waybar"], home: home, environment: environment)
        XCTAssertEqual(waybar.out, try runAlmanac(["weather", "Oslo", "--format", "1", "--waybar"], home: home, environment: alone).out)
        XCTAssertTrue(waitUntil(seconds: 5) { forwarded() == 6 }, "waybar's too")
        XCTAssertTrue(try RawHTTP.send(port: server.port, target: "/Oslo").body.hasPrefix("Now — Oslo, Norway"))
        XCTAssertEqual(try RawHTTP.send(port: server.port, method: "HEAD", target: "/Oslo?format=3").body, "", "HEAD: the headers only")
        XCTAssertTrue(try RawHTTP.send(port: server.port, target: "/:help").body.contains("/Oslo?format=3"))
        let metrics = try RawHTTP.send(port: server.port, target: "/Oslo?format=p1")
        XCTAssertEqual(metrics.headers["content-type"], "text/plain; version=0.0.4; charset=utf-8")
        XCTAssertTrue(metrics.body.contains("\nalmanac_temperature{place=\"Oslo\",country=\"NO\""), metrics.body)
        try assertBadRequests(port: server.port)
        try assertAStalledClientHoldsUpNoOne(port: server.port)
        try assertNoAnswerShowsTheKey(server)
    }

    /// The key the server holds is in no answer, good or bad, and in no log line.
    private func assertNoAnswerShowsTheKey(_ server: Running) throws {
        for target in ["/Oslo", "/Oslo?format=3", "/Oslo?format=p1", "/:help", "/Qwxyzville?format=3", "/Oslo?format=%25Q"] {
            let answer = try RawHTTP.send(port: server.port, target: target)
            XCTAssertFalse((answer.body + answer.headers.values.joined()).contains(Self.key), "\(target): a key in the answer")
        }
        XCTAssertFalse(server.log.contains(Self.key), "a key in the log")
    }

    /// A key the server holds, which no answer and no log line may show.
    private static let key = "TD-SECRET-KEY-0042"

    /// A client that sent half a request and stalls: a request beside it is answered at once, where
    /// a server taking one connection at a time would wait out its 30 s read timeout.
    private func assertAStalledClientHoldsUpNoOne(port: Int) throws {
        let stalled = try RawHTTP.stall(port: port, partial: "GET /Oslo?format=3 HT")
        defer { close(stalled) }
        let started = Date()
        XCTAssertEqual(try RawHTTP.send(port: port, target: "/Oslo?format=3").status, 200)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "answered beside the stalled client")
    }

    private func assertBadRequests(port: Int) throws {
        let cases: [(method: String, target: String, headers: [(String, String)], status: Int, says: String)] = [
            ("GET", "/Oslo?format=%25Q", [], 400, "unknown format code %Q"),
            ("GET", "/Oslo?A", [], 400, "?A is not served here"),
            ("GET", "/Oslo?lang=xx", [], 400, "?lang=xx is not a language"),
            ("GET", "/Qwxyzville?format=3", [], 404, "No place called \"Qwxyzville\" was found"),
            ("POST", "/Oslo", [], 405, "Only GET and HEAD"),
            ("DELETE", "/Oslo", [], 405, "Only GET and HEAD"),
            ("GET", "/" + String(repeating: "a", count: 2100), [], 414, "longer than 2048 bytes"),
            ("GET", "/Oslo", (0..<20).map { ("X-Filler-\($0)", String(repeating: "b", count: 500)) }, 431, "longer than 8192 bytes"),
        ]
        for item in cases {
            let answer = try RawHTTP.send(port: port, method: item.method, target: item.target, headers: item.headers)
            XCTAssertEqual(answer.status, item.status, "\(item.method) \(item.target.prefix(40)): \(answer.body)")
            XCTAssertTrue(answer.body.contains(item.says), "\(item.method) \(item.target.prefix(40)): \(answer.body)")
            XCTAssertEqual(answer.body.split(separator: "\n").count, 1, answer.body)
        }
        XCTAssertEqual(try RawHTTP.send(port: port, method: "POST", target: "/").headers["allow"], "GET, HEAD")
    }

    func testASecondServerRefusesNamingTheFirstAndSIGTERMLetsTheAnswerInFlightFinish() throws {
        let home = try makeTemporaryFolder(self)
        // MET Norway answering after 1.5 s: a request is in flight when the signal comes.
        let met = try LoopbackServer { _ in .respond(status: 503, headers: [:], body: Data(), delay: 1.5) }
        let first = try start(home: home, environment: ["ALMANAC_METNO_URL": met.baseURL])
        let second = try runAlmanacBinary(["serve", "--port", "0"], home: home)
        XCTAssertEqual(second.status, 75, second.err)
        XCTAssertTrue(second.err.contains("already running") && second.err.contains("pid \(first.process.processIdentifier)"), second.err)
        XCTAssertTrue(second.err.contains("127.0.0.1:\(first.port)"), second.err)
        XCTAssertEqual(second.err.split(separator: "\n").count, 1, second.err)

        let inFlight = Answer()
        let port = first.port
        let asked = Thread { inFlight.set(try? RawHTTP.send(port: port, target: "/Oslo?format=3")) }
        asked.start()
        XCTAssertTrue(waitUntil(seconds: 10) { !met.receivedRequests.isEmpty }, "the answer is under way")
        first.process.terminate()  // SIGTERM
        first.process.waitUntilExit()
        XCTAssertEqual(first.process.terminationStatus, 0)
        XCTAssertTrue(waitUntil(seconds: 5) { inFlight.get() != nil }, "the request in flight got its answer")
        XCTAssertEqual(inFlight.get()?.status, 200, "answered from the sample data once MET failed")
        XCTAssertTrue(inFlight.get()?.body.hasPrefix("Oslo:") ?? false, inFlight.get()?.body ?? "")
        XCTAssertTrue(waitUntil(seconds: 5) { first.log.contains("stopped.") }, first.log)
        for file in ["serve.json", "serve.sock"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("state/\(file)").path), "\(file) goes")
        }
        let lock = open(home.appendingPathComponent("state/serve.lock").path, O_RDWR)
        defer { close(lock) }
        XCTAssertEqual(flock(lock, LOCK_EX | LOCK_NB), 0, "the home is free for the next server")
    }
}
