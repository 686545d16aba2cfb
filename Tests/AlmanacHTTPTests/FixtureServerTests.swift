import Foundation
import XCTest

@testable import AlmanacHTTP
@testable import AlmanacTestSupport

/// The loopback server can date its recorded answers now, as a provider would send them today.
final class FixtureServerTests: XCTestCase {
    func testRedatedAnswersKeepTheirRecordedLifetime() throws {
        let recorded = ["expires": "Fri, 20 Nov 2026 09:31:12 GMT", "last-modified": "Fri, 20 Nov 2026 08:59:44 GMT", "content-type": "x"]
        let now = try XCTUnwrap(HTTPDate.parse("Sat, 28 Nov 2026 12:00:00 GMT"))
        let moved = FixtureServer.redated(recorded, now: now)
        XCTAssertEqual(moved["last-modified"], "Sat, 28 Nov 2026 12:00:00 GMT")
        XCTAssertEqual(moved["expires"], "Sat, 28 Nov 2026 12:31:28 GMT", "fresh for the 31 min 28 s it was fresh for when recorded")
        XCTAssertEqual(moved["content-type"], "x")
        XCTAssertEqual(FixtureServer.redated(["expires": "Fri, 20 Nov 2026 09:31:12 GMT"], now: now)["expires"], "Fri, 20 Nov 2026 09:31:12 GMT")
    }
}
