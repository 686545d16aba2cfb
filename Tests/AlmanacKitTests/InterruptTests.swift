import AlmanacTestSupport
import Foundation
import XCTest

/// Ctrl+C in a line command cancels it: its transfer stops and it ends with 130 and one line.
final class InterruptTests: XCTestCase {
    func testCtrlCCancelsTheCommandAndItsTransfer() throws {
        let server = try LoopbackServer { _ in .hang(seconds: 20) }
        let home = try makeTemporaryFolder(self)
        var interruptedAt = Date.distantFuture
        let result = try runAlmanac(["fruit", "list"], home: home, environment: ["ALMANAC_FRUITYVICE_URL": server.baseURL]) { process in
            let deadline = Date().addingTimeInterval(10)
            while server.receivedRequests.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            interruptedAt = Date()
            process.interrupt()
        }
        XCTAssertEqual(server.receivedRequests.count, 1)
        assertOneLineError(result, status: 130, contains: "almanac: interrupted")
        XCTAssertLessThan(Date().timeIntervalSince(interruptedAt), 1.0, "it ended at once, not after the grace period")
        XCTAssertEqual(result.out, "", "no sample data shown for a cancelled fetch")
        let deadline = Date().addingTimeInterval(3)
        while server.closedByClient == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertEqual(server.closedByClient, 1)
    }
}
