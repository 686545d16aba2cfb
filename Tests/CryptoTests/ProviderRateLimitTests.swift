import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// A provider's own 429 is a temporary failure: exit 75 with the time to retry, `Retry-After`
/// honoured (no request before it), the cached answer shown instead when there is one.
final class ProviderRateLimitTests: XCTestCase {
    /// A loopback Twelve Data that answers 429 (with `retryAfter` when set) to the next `refusals` requests.
    private final class Throttle: @unchecked Sendable {
        let lock = NSLock()
        var refusals = 0
        var retryAfter: String?
    }

    private func server(_ throttle: Throttle) throws -> FixtureServer {
        try FixtureServer(fixtures: repositoryFixtures) { provider, _ in
            guard provider == .twelveData else { return nil }
            return throttle.lock.withLock {
                guard throttle.refusals > 0 else { return nil }
                throttle.refusals -= 1
                let headers = throttle.retryAfter.map { ["Retry-After": $0] } ?? [:]
                return .json("{\"code\":429,\"message\":\"Too many requests\",\"status\":\"error\"}", status: 429, headers: headers)
            }
        }
    }

    private func environment(_ server: FixtureServer) -> [String: String] {
        server.environment.merging(
            ["TWELVEDATA_API_KEY": "TD-THROTTLE-KEY-77", "ALMANAC_TODAY": "2026-11-20", "TWELVEDATA_CREDITS_PER_MINUTE": "100"]
        ) { _, new in new }
    }

    private let history = ["crypto", "history", "BTC", "--from", "2026-11-14", "--to", "2026-11-19"]

    func testColdWithoutRetryAfterExits75WithTheTimeToRetry() throws {
        let throttle = Throttle()
        throttle.refusals = 1
        let server = try server(throttle)
        let result = try runAlmanac(history, home: try makeTemporaryFolder(self), environment: environment(server))
        assertOneLineError(result, status: 75, contains: "Twelve Data is rate limiting requests; try again in a minute.")
    }

    func testAShortRetryAfterIsWaitedForUnlessTheRunMayNotWait() throws {
        let throttle = Throttle()
        (throttle.refusals, throttle.retryAfter) = (1, "2")
        let server = try server(throttle)
        let waited = try runAlmanac(history, home: try makeTemporaryFolder(self), environment: environment(server))
        XCTAssertEqual(waited.status, 0, waited.err)
        XCTAssertEqual(waited.paused, [2], "the Retry-After waited for before the next request, and nothing else")
        throttle.lock.withLock { throttle.refusals = 1 }
        let hurried = try runAlmanac(history + ["--no-wait"], home: try makeTemporaryFolder(self), environment: environment(server))
        assertOneLineError(hurried, status: 75, contains: "try again in 2 s")
    }

    func testALongRetryAfterExitsAtOnceAndHoldsTheNextRunBack() throws {
        let throttle = Throttle()
        (throttle.refusals, throttle.retryAfter) = (1, "600")
        let server = try server(throttle)
        let home = try makeTemporaryFolder(self)
        let started = Date()
        let first = try runAlmanac(history, home: home, environment: environment(server))
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "nothing waits ten minutes")
        assertOneLineError(first, status: 75, contains: "try again in 600 s (at ")
        let sent = server.requests.count
        let second = try runAlmanac(["crypto", "history", "ETH"], home: home, environment: environment(server))
        assertOneLineError(second, status: 75, contains: "Twelve Data is rate limiting requests; try again in")
        XCTAssertEqual(server.requests.count, sent, "no request before the provider's Retry-After")
    }

    func testWarmCacheShowsTheCachedAnswerWithItsAge() throws {
        let throttle = Throttle()
        let server = try server(throttle)
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try runAlmanac(["crypto"], home: home, environment: environment(server)).status, 0)
        for retryAfter in [nil, "600"] {
            (throttle.refusals, throttle.retryAfter) = (1, retryAfter)
            for extra in [[], ["--no-wait"]] {
                let result = try runAlmanac(["crypto", "--max-age", "0"] + extra, home: home, environment: environment(server))
                XCTAssertEqual(result.status, 0, "\(retryAfter ?? "no Retry-After") \(extra): \(result.err)")
                XCTAssertTrue(result.out.contains("BTC/USD"), result.out)
                XCTAssertTrue(result.err.contains("cached") && result.err.contains(" ago"), result.err)
            }
        }
    }
}
