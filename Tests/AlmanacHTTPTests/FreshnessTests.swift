import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP

/// How long an answer is fresh, by its own headers (RFC 9111 §4.2.1).
final class FreshnessTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_000_000)

    func testMaxAgeWinsOverExpiresAndCountsTheAgeHeader() {
        let headers = ["cache-control": "public, max-age=600", "expires": "Thu, 01 Jan 1970 00:00:00 GMT", "age": "100"]
        XCTAssertEqual(Freshness.of(headers: headers, receivedAt: now), .until(now.addingTimeInterval(500)))
    }

    func testExpiresIsMeasuredAgainstTheServersDate() {
        // The server's clock is an hour ahead of ours: only the difference counts.
        let headers = ["date": "Fri, 20 Nov 2026 10:00:00 GMT", "expires": "Fri, 20 Nov 2026 10:30:00 GMT"]
        XCTAssertEqual(Freshness.of(headers: headers, receivedAt: now), .until(now.addingTimeInterval(1800)))
        XCTAssertEqual(Freshness.of(headers: ["expires": "0"], receivedAt: now), .until(now), "an invalid Expires is already past")
    }

    func testNoStoreNoCacheAndNothingSaid() {
        XCTAssertEqual(Freshness.of(headers: ["cache-control": "no-store"], receivedAt: now), .noStore)
        XCTAssertEqual(Freshness.of(headers: ["cache-control": "no-cache, max-age=60"], receivedAt: now), .until(now))
        XCTAssertEqual(Freshness.of(headers: ["cache-control": "max-age=oops"], receivedAt: now), .until(now))
        XCTAssertEqual(Freshness.of(headers: ["content-type": "application/json"], receivedAt: now), .unspecified)
    }

    func testHTTPDatesInAllThreeForms() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        XCTAssertEqual(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"), expected)
        XCTAssertEqual(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT"), expected)
        XCTAssertEqual(HTTPDate.parse("Sun Nov  6 08:49:37 1994"), expected)
        XCTAssertNil(HTTPDate.parse("yesterday"))
        XCTAssertEqual(HTTPDate.format(expected), "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    func testAnEntryIsFreshUntilTheServersExpiryCappedByMaxAge() {
        var entry = CacheEntry(key: "k", provider: .named("metno"), name: "n", fetchedAt: now, ttl: 600, body: Data("{}".utf8))
        XCTAssertTrue(entry.isFresh(at: now.addingTimeInterval(599)))
        entry.expiresAt = now.addingTimeInterval(1800)
        XCTAssertTrue(entry.isFresh(at: now.addingTimeInterval(1799)), "the server's word replaces the TTL")
        XCTAssertFalse(entry.isFresh(at: now.addingTimeInterval(1800)))
        XCTAssertFalse(entry.isFresh(at: now.addingTimeInterval(61), maxAge: 60), "--max-age still caps it")
        let decoded = CacheEntry.decode(entry.encoded())
        XCTAssertEqual(decoded?.expiresAt, entry.expiresAt, "the expiry survives the envelope")
    }

    /// RFC 5861: how long past freshness a stale answer may be shown while it is revalidated, and
    /// after an error; kept in the envelope.
    func testStaleWhileRevalidateAndStaleIfError() {
        let headers = ["cache-control": "max-age=60, stale-while-revalidate=30, stale-if-error=\"600\""]
        let allowances = Freshness.staleAllowances(headers: headers)
        XCTAssertEqual(allowances.whileRevalidate, 30)
        XCTAssertEqual(allowances.ifError, 600)
        XCTAssertNil(Freshness.staleAllowances(headers: ["cache-control": "max-age=60"]).whileRevalidate)
        var entry = CacheEntry(key: "k", provider: .named("metno"), name: "n", fetchedAt: now, ttl: 60, body: Data("{}".utf8))
        XCTAssertTrue(entry.mayShowWhileRevalidating(at: now.addingTimeInterval(86400)), "unsaid: a glance always shows the stale answer")
        XCTAssertNil(entry.standsAfterError(at: now.addingTimeInterval(86400)))
        (entry.staleWhileRevalidate, entry.staleIfError) = (allowances.whileRevalidate, allowances.ifError)
        XCTAssertTrue(entry.mayShowWhileRevalidating(at: now.addingTimeInterval(89)))
        XCTAssertFalse(entry.mayShowWhileRevalidating(at: now.addingTimeInterval(91)), "past the window a glance waits for the answer")
        XCTAssertEqual(entry.standsAfterError(at: now.addingTimeInterval(659)), true)
        XCTAssertEqual(entry.standsAfterError(at: now.addingTimeInterval(661)), false)
        let decoded = CacheEntry.decode(entry.encoded())
        XCTAssertEqual(decoded?.staleWhileRevalidate, 30)
        XCTAssertEqual(decoded?.staleIfError, 600)
    }
}
