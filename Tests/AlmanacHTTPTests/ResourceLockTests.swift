import Foundation
import XCTest

@testable import AlmanacHTTP
@testable import AlmanacProviders
@testable import AlmanacTestSupport

/// The cross-process lock of a resource: a waiter sleeps in the kernel until the holder lets go,
/// gives up at its deadline or when cancelled, and never keeps a lock nobody waits for.
final class ResourceLockTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try freshTemporaryFolder()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func take() -> ResourceLock? { ResourceLock.take(folder: folder, key: "k", provider: .openWeather) }

    func testAWaiterGetsTheLockWhenItsHolderLetsGo() async throws {
        var holder = take()
        XCTAssertNotNil(holder)
        let release = Task {
            try await Task.sleep(nanoseconds: 200_000_000)  // real time: the waiter polls the lock file meanwhile
            holder = nil
        }
        let got = try await ResourceLock.wait(folder: folder, key: "k", provider: .openWeather, until: Date().addingTimeInterval(5))
        XCTAssertNotNil(got)
        _ = try await release.value
        XCTAssertNil(take(), "the waiter holds it now")
    }

    func testAWaiterGivesUpAtItsDeadlineAndLeavesNoLockBehind() async throws {
        var holder = take()
        let started = Date()
        let got = try await ResourceLock.wait(folder: folder, key: "k", provider: .openWeather, until: Date().addingTimeInterval(0.3))
        XCTAssertNil(got)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "given up at the deadline, not at the holder's leisure")
        holder = nil
        XCTAssertTrue(waitUntil(seconds: 5) { self.take() != nil }, "the abandoned wait let the lock go when it got it")
        withExtendedLifetime(holder) {}
    }

    func testACancelledWaiterThrowsAndLeavesNoLockBehind() async throws {
        var holder = take()
        let folder = self.folder!
        let waiting = Task { try await ResourceLock.wait(folder: folder, key: "k", provider: .openWeather, until: Date().addingTimeInterval(30)) }
        try await Task.sleep(nanoseconds: 100_000_000)  // real time: the waiter polls when it is cancelled
        waiting.cancel()
        do {
            _ = try await waiting.value
            XCTFail("a cancelled wait throws")
        } catch is CancellationError {}
        holder = nil
        XCTAssertTrue(waitUntil(seconds: 5) { self.take() != nil })
        withExtendedLifetime(holder) {}
    }
}
