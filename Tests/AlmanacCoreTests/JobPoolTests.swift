import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import AlmanacCore

/// A count threads change and read.
private final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add(_ step: Int) { count.withLock { $0 += step } }
    func set(_ value: Int) { count.withLock { $0 = value } }
}

final class JobPoolTests: XCTestCase {
    func testJobsBeyondTheLimitWaitTheirTurnAndAllRun() {
        let pool = JobPool(limit: 4, idleTimeout: 0.3)
        let done = expectation(description: "every job ran")
        done.expectedFulfillmentCount = 40
        let running = Counter()
        let most = Counter()
        for _ in 0..<40 {
            pool.run {
                running.add(1)
                most.set(max(most.value, running.value))
                Thread.sleep(forTimeInterval: 0.01)  // work that takes time, so jobs overlap
                running.add(-1)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertLessThanOrEqual(most.value, 4, "never more threads than the limit")
        XCTAssertLessThanOrEqual(pool.threadCount, 4)
    }

    func testIdleThreadsEnd() {
        let pool = JobPool(limit: 8, idleTimeout: 0.2)
        let done = expectation(description: "jobs ran")
        done.expectedFulfillmentCount = 8
        for _ in 0..<8 {
            pool.run {
                Thread.sleep(forTimeInterval: 0.05)  // work that takes time, so threads are needed
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertGreaterThan(pool.threadCount, 0)
        XCTAssertTrue(waitUntil(seconds: 5) { pool.threadCount == 0 }, "threads idle past the timeout have ended")
        // And the pool still works afterwards.
        let again = expectation(description: "a later job")
        pool.run { again.fulfill() }
        wait(for: [again], timeout: 5)
    }
}

/// A job's value reaches its owner however it waits: awaited, taken in a frame, or by a blocked
/// thread; an await gives up at its deadline or on cancellation while the work goes on.
final class JobTests: XCTestCase {
    func testTheValueIsAwaitedTakenAndWaitedForAndTheWakeIsCalled() async {
        let woken = Counter()
        let work: @Sendable () -> Int = {
            Thread.sleep(forTimeInterval: 0.05)  // work that takes time: the value lands later
            return 42
        }
        let job = Job<Int>.start(on: .normal, wake: { woken.add(1) }, work)
        let awaited = await job.result()
        XCTAssertEqual(awaited, 42)
        job.wait()  // already ended: returns at once
        XCTAssertTrue(job.done)
        XCTAssertEqual(job.take(), 42)
        XCTAssertNil(job.take(), "taken once")
        _ = waitUntil(seconds: 2) { woken.value > 0 }
        XCTAssertEqual(woken.value, 1, "the wake hook ran as the value landed")
    }

    func testAnAwaitGivesUpAtItsDeadlineAndTheWorkGoesOn() async {
        let job = Job<Int>.start(on: .background) {
            Thread.sleep(forTimeInterval: 0.4)  // work longer than the await's deadline
            return 7
        }
        let started = Date()
        let early = await job.result(until: Date().addingTimeInterval(0.05))
        XCTAssertNil(early, "the deadline came first")
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.3)
        let later = await job.result()
        XCTAssertEqual(later, 7, "the work went on and its value stayed")
    }

    func testACancelledAwaitReturnsAtOnce() async {
        let job = Job<Int>.start(on: .normal) {
            Thread.sleep(forTimeInterval: 0.5)  // work still running when the await is cancelled
            return 1
        }
        let waiter = Task { await job.result() }
        try? await Task.sleep(nanoseconds: 20_000_000)  // real time: the waiter waits when it is cancelled
        waiter.cancel()
        let value = await waiter.value
        XCTAssertNil(value)
        XCTAssertFalse(job.done, "the work goes on")
        job.wait()
        XCTAssertEqual(job.value, 1)
    }

    func testCancelAsksTheWorkToStop() {
        let job = Job<Bool>.completed(true)
        XCTAssertFalse(job.isCancelled)
        job.cancel()
        XCTAssertTrue(job.isCancelled)
    }
}
