import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation
import XCTest

@testable import Crypto
@testable import TestHarness

final class CreditBudgetTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func granted(_ grant: CreditBudget.Grant) -> UUID? {
        if case .granted(let id) = grant { return id }
        return nil
    }

    func testConcurrentReservationsNeverOverspend() async throws {
        let folder = try makeTemporaryFolder(self)
        let now = self.now
        let grantedCount = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    if case .granted = try CreditBudget(stateFolder: folder).reserve(1, now: now) { return true }
                    return false
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        XCTAssertEqual(grantedCount, 8)
        let budget = CreditBudget(stateFolder: folder)
        XCTAssertEqual(try budget.reserve(1, now: now.addingTimeInterval(30)), .wait(until: now.addingTimeInterval(60)))
        XCTAssertNotNil(granted(try budget.reserve(8, now: now.addingTimeInterval(61))))
    }

    func testARequestWithoutAnAnswerCostsNothing() throws {
        let budget = CreditBudget(stateFolder: try makeTemporaryFolder(self))
        for _ in 0..<11 {
            let id = try XCTUnwrap(granted(try budget.reserve(6, now: now)))
            budget.release(id, now: now)
        }
        XCTAssertEqual(budget.available(now: now), 8)
        XCTAssertEqual(budget.usage(now: now).dayUsed, 0)
        let settled = try XCTUnwrap(granted(try budget.reserve(6, now: now)))
        budget.settle(settled, now: now)
        budget.release(settled, now: now)
        XCTAssertEqual(budget.available(now: now), 2, "a settled reservation stays spent")
    }

    func testTheServersCountWins() throws {
        let budget = CreditBudget(stateFolder: try makeTemporaryFolder(self))
        let id = try XCTUnwrap(granted(try budget.reserve(1, now: now)))
        let pending = try XCTUnwrap(granted(try budget.reserve(2, now: now)))
        // Another device spent 5: the server says 6 used, 2 left after our one credit.
        budget.record(used: 6, left: 2, settling: id, now: now)
        XCTAssertEqual(budget.available(now: now), 0, "6 counted by the server + 2 still in flight here")
        budget.release(pending, now: now)
        XCTAssertEqual(budget.available(now: now), 2)
        XCTAssertEqual(budget.usage(now: now).serverLeft, 2)
        XCTAssertEqual(budget.available(now: now.addingTimeInterval(60)), 8)
    }

    func testA429SpendsTheMinuteOrTheDay() throws {
        let folder = try makeTemporaryFolder(self)
        let clock = ManualClock(now)
        let budget = CreditBudget(stateFolder: folder, clock: clock)
        let minute = HTTPResponse(status: 429, body: Data("{\"message\":\"You have run out of API credits for the current minute.\"}".utf8))
        budget.observe(minute, for: TwelveData.cryptocurrencies().descriptor)
        XCTAssertEqual(try budget.reserve(1, now: now), .wait(until: now.addingTimeInterval(60)))
        XCTAssertNotNil(granted(try budget.reserve(1, now: now.addingTimeInterval(60))))
        let day = HTTPResponse(status: 429, body: Data("{\"message\":\"You have run out of API credits for the day.\"}".utf8))
        budget.observe(day, for: TwelveData.cryptocurrencies().descriptor)
        let midnight = CreditBudget.nextUTCMidnight(after: now)
        XCTAssertEqual(try budget.reserve(1, now: now.addingTimeInterval(120)), .dailyLimit(resetsAt: midnight))
        XCTAssertNotNil(granted(try budget.reserve(1, now: midnight)))
    }

    func testOtherProvidersAreNotCounted() throws {
        let budget = CreditBudget(stateFolder: try makeTemporaryFolder(self), clock: ManualClock(now))
        budget.observe(HTTPResponse(status: 429, headers: ["api-credits-left": "0", "api-credits-used": "8"]), for: Fruityvice.all().descriptor)
        XCTAssertEqual(budget.available(now: now), 8)
    }

    func testTheDailyLimit() throws {
        let budget = CreditBudget(stateFolder: try makeTemporaryFolder(self), plan: .init(perMinute: 8, perDay: 10))
        XCTAssertNotNil(granted(try budget.reserve(8, now: now)))
        XCTAssertEqual(try budget.reserve(3, now: now.addingTimeInterval(61)), .dailyLimit(resetsAt: CreditBudget.nextUTCMidnight(after: now)))
        XCTAssertNotNil(granted(try budget.reserve(2, now: now.addingTimeInterval(61))))
    }

    func testACorruptFileIsRebuilt() throws {
        let folder = try makeTemporaryFolder(self)
        let budget = CreditBudget(stateFolder: folder)
        for junk in ["", "{", "[1,2,3]", "{\"version\":2,\"spends\":\"x\"}", String(repeating: "\u{0}", count: 100)] {
            try Data(junk.utf8).write(to: budget.url)
            XCTAssertEqual(budget.available(now: now), 8, junk)
            XCTAssertNotNil(granted(try budget.reserve(1, now: now)))
        }
    }
}

extension CreditBudgetTests {
    func testAnOlderLowerCountArrivingLateDoesNotFreeCredits() throws {
        let budget = CreditBudget(stateFolder: try makeTemporaryFolder(self))
        let first = try XCTUnwrap(granted(try budget.reserve(6, now: now)))
        let second = try XCTUnwrap(granted(try budget.reserve(2, now: now.addingTimeInterval(0.1))))
        // The server counted the first (6) and then the second (8); the second answer lands first.
        budget.record(used: 8, left: 0, settling: second, now: now.addingTimeInterval(0.3))
        budget.record(used: 6, left: 2, settling: first, now: now.addingTimeInterval(0.4))
        XCTAssertEqual(budget.available(now: now.addingTimeInterval(0.5)), 0)
    }

    /// The requests overtook each other on the way: the later reservation reached the server first.
    func testALowerCountFromALaterReservationArrivingLateDoesNotFreeCredits() throws {
        let budget = CreditBudget(stateFolder: try makeTemporaryFolder(self))
        let first = try XCTUnwrap(granted(try budget.reserve(6, now: now)))
        let second = try XCTUnwrap(granted(try budget.reserve(2, now: now.addingTimeInterval(0.1))))
        // The server counted the second (2) and then the first (8); the first answer lands first.
        budget.record(used: 8, left: 0, settling: first, now: now.addingTimeInterval(0.3))
        budget.record(used: 2, left: 6, settling: second, now: now.addingTimeInterval(0.4))
        XCTAssertEqual(budget.available(now: now.addingTimeInterval(0.5)), 0)
    }
}
