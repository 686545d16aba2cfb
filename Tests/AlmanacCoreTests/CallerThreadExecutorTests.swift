import Foundation
import Synchronization
import XCTest

@testable import AlmanacCore

final class CallerThreadExecutorTests: XCTestCase {
    /// Every job of the task — its children, and what resumes after another thread or a sleep —
    /// runs on the thread that called `run`, so a short command starts no thread pool.
    func testTheTaskAndItsChildrenRunOnTheCallingThread() throws {
        let caller = pthread_self()
        let seen = ThreadLog()
        try CallerThreadExecutor().run {
            seen.note()
            async let first = seen.child()
            async let second = seen.child()
            _ = await first + second
            await withTaskGroup(of: Int.self) { group in
                for _ in 0..<3 { group.addTask { await seen.child() } }
            }
            let fromThread = await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: 7) }
            }
            XCTAssertEqual(fromThread, 7)
            seen.note()
            let detached = await Task.detached { 5 }.value
            XCTAssertEqual(detached, 5)
            seen.note()
        }
        let threads = seen.threads.withLock { $0 }
        XCTAssertEqual(threads.count, 8)
        XCTAssertTrue(threads.allSatisfy { pthread_equal($0, caller) != 0 }, "a job ran on another thread")
    }

    func testTheTasksErrorIsRethrown() {
        struct Refused: Error {}
        XCTAssertThrowsError(try CallerThreadExecutor().run { throw Refused() }) { error in
            XCTAssertTrue(error is Refused)
        }
    }

    /// A sleep resumes and the run still ends (whichever thread the timer resumes on).
    func testASleepingTaskFinishes() throws {
        let woke = Mutex(false)
        try CallerThreadExecutor().run {
            try await Task.sleep(nanoseconds: 20_000_000)  // a timer resuming the task is the subject
            woke.withLock { $0 = true }
        }
        XCTAssertTrue(woke.withLock { $0 })
    }
}

/// The threads jobs ran on, in order.
private final class ThreadLog: Sendable {
    let threads = Mutex<[pthread_t]>([])

    func note() { threads.withLock { $0.append(pthread_self()) } }

    func child() async -> Int {
        note()
        return 1
    }
}
