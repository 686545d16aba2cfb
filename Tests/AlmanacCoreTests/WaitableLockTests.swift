import Foundation
import XCTest

@testable import AlmanacCore

final class WaitableLockTests: XCTestCase {
    /// A thread sleeping until the state changes wakes when another changes it and broadcasts.
    func testASleeperWakesWhenTheStateChanges() {
        let lock = WaitableLock(0)
        let woke = expectation(description: "the sleeper saw the change")
        let calls = Job.start(on: .normal) { () -> [WaitableLock<Int>.Call] in
            var calls: [WaitableLock<Int>.Call] = []
            lock.withLockUntilDone { value, call in
                calls.append(call)
                return value == 0 ? .wait(until: nil) : .done(())
            }
            woke.fulfill()
            return calls
        }
        Thread.sleep(forTimeInterval: 0.05)  // real time: the sleeper waits before the change (no event says so)
        lock.withLock { $0 = 1 }
        lock.broadcast()
        wait(for: [woke], timeout: 5)
        calls.wait()
        let seen = calls.take() ?? []
        XCTAssertEqual(seen.first, .first)
        XCTAssertEqual(seen.last, .woken)
    }

    /// A sleeper with a deadline is called again, told it timed out, when nobody wakes it.
    func testADeadlinePassesWithoutAWake() {
        let lock = WaitableLock(0)
        let start = Date()
        let last = lock.withLockUntilDone { _, call -> WaitableLock<Int>.Step<WaitableLock<Int>.Call> in
            call == .first ? .wait(until: start.addingTimeInterval(0.05)) : .done(call)
        }
        XCTAssertEqual(last, .timedOut)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.05)
    }

    /// Trying the lock while another thread holds it gives nil at once and leaves the state.
    func testTryingAHeldLockGivesNil() {
        let lock = WaitableLock(0)
        let held = expectation(description: "held")
        let release = WaitableLock(false)
        let holder = Job.start(on: .normal) {
            lock.withLock { value in
                value = 1
                held.fulfill()
                release.withLockUntilDone { go, _ in go ? .done(()) : .wait(until: nil) }
            }
        }
        wait(for: [held], timeout: 5)
        XCTAssertNil(lock.withLockIfAvailable { $0 += 10 })
        release.withLock { $0 = true }
        release.broadcast()
        holder.wait()
        XCTAssertEqual(lock.withLockIfAvailable { $0 }, 1)
    }
}
