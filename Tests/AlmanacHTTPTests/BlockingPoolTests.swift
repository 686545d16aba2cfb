import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacProviders
@testable import AlmanacTestSupport

final class BlockingPoolTests: XCTestCase {
    func testJobsBeyondTheLimitWaitTheirTurnAndAllRun() {
        let pool = BlockingPool(limit: 4, idleTimeout: 0.3)
        let done = expectation(description: "every job ran")
        done.expectedFulfillmentCount = 40
        let running = Counter()
        let most = Counter()
        for _ in 0..<40 {
            pool.run {
                running.add(1)
                most.set(max(most.value, running.value))
                Thread.sleep(forTimeInterval: 0.01)
                running.add(-1)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertLessThanOrEqual(most.value, 4, "never more threads than the limit")
        XCTAssertLessThanOrEqual(pool.threadCount, 4)
    }

    func testIdleThreadsEnd() {
        let pool = BlockingPool(limit: 8, idleTimeout: 0.2)
        let done = expectation(description: "jobs ran")
        done.expectedFulfillmentCount = 8
        for _ in 0..<8 {
            pool.run {
                Thread.sleep(forTimeInterval: 0.05)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertGreaterThan(pool.threadCount, 0)
        let deadline = Date().addingTimeInterval(5)
        while pool.threadCount > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(pool.threadCount, 0, "threads idle past the timeout have ended")
        // And the pool still works afterwards.
        let again = expectation(description: "a later job")
        pool.run { again.fulfill() }
        wait(for: [again], timeout: 5)
    }
}
