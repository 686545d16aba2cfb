import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// Ctrl+C in a line command cancels it: its transfer stops and it ends with 130 and one line.
final class InterruptTests: XCTestCase {
    func testCtrlCCancelsTheCommandAndItsTransfer() throws {
        let server = try LoopbackServer { _ in .hang(seconds: 20) }
        let home = try makeTemporaryFolder(self)
        var interruptedAt = Date.distantFuture
        let result = try runAlmanacBinary(["fruit", "list"], home: home, environment: ["ALMANAC_FRUITYVICE_URL": server.baseURL]) { process in
            _ = waitUntil(seconds: 10) { !server.receivedRequests.isEmpty }
            interruptedAt = Date()
            process.interrupt()
        }
        XCTAssertEqual(server.receivedRequests.count, 1)
        assertOneLineError(result, status: 130, contains: "almanac: interrupted")
        XCTAssertLessThan(Date().timeIntervalSince(interruptedAt), 1.0, "it ended at once, not after the grace period")
        XCTAssertEqual(result.out, "", "no sample data shown for a cancelled fetch")
        XCTAssertTrue(waitUntil { server.closedByClient == 1 })
    }
}
