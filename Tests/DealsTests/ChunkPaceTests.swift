import XCTest

@testable import Deals
@testable import TestHarness

/// A frame's merging is cut into chunks sized to the time left at the pace merges have been
/// going, so a slow table (10M rows, a fresh view) does not overrun the frame.
final class ChunkPaceTests: XCTestCase {
    /// A clock the test moves by hand, in nanoseconds.
    final class HandClock: @unchecked Sendable {
        var time: UInt64 = 1_000_000
    }

    func testChunksShrinkToTheTimeLeftAtTheLearntPace() {
        let clock = HandClock()
        var pace = ChunkPace(now: { clock.time })
        pace.begin(budget: 0.001)
        XCTAssertEqual(pace.nextChunk(limit: 512), 512, "nothing learnt yet: a full chunk")
        clock.time += 512_000  // 1 µs a deal
        pace.chunkDone(deals: 512)
        XCTAssertEqual(pace.nextChunk(limit: 512), 488, "488 µs left at 1 µs a deal")
        clock.time += 488_000
        pace.chunkDone(deals: 488)
        XCTAssertNil(pace.nextChunk(limit: 512), "the budget is spent")
    }

    func testTheFirstChunkOfAFrameAlwaysMergesSome() {
        let clock = HandClock()
        var pace = ChunkPace(now: { clock.time })
        pace.begin(budget: 0)
        XCTAssertEqual(pace.nextChunk(limit: 512), 32, "no time left, but deals must not stall")
        clock.time += 32_000
        pace.chunkDone(deals: 32)
        XCTAssertNil(pace.nextChunk(limit: 512))
    }

    func testOneSlowChunkIsForgottenGradually() {
        let clock = HandClock()
        var pace = ChunkPace(now: { clock.time })
        pace.begin(budget: 0.001)
        _ = pace.nextChunk(limit: 100)
        clock.time += 1_000_000  // 10 µs a deal: the frame is spent
        pace.chunkDone(deals: 100)
        pace.begin(budget: 0.001)
        XCTAssertEqual(pace.nextChunk(limit: 512), 100, "1 ms at the slow pace")
        clock.time += 10_000  // 0.1 µs a deal this time
        pace.chunkDone(deals: 100)
        // The slow pace decays by 5 % a chunk rather than vanishing: 990 µs left at 9.5 µs a deal.
        XCTAssertEqual(pace.nextChunk(limit: 512), 104)
    }
}
