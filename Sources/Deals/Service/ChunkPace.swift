import Foundation

/// Sizes the chunks of a frame's merging so the frame ends within its budget: it learns what a
/// deal costs to merge (the table's size, the filter and a fresh view all change that) and
/// sizes each chunk to the time left, so a frame overruns by no more than the misjudgement of
/// one chunk (`DealFeed.pump`, the deals benchmark).
package struct ChunkPace {
    /// Nanoseconds a deal took to merge: the slowest recent chunk's, decaying by 5 % a chunk so
    /// one slow chunk does not shrink the chunks for long.
    private var perDeal = 200.0
    private var deadline: UInt64 = 0, chunkStart: UInt64 = 0
    private var chunks = 0
    /// Uptime in nanoseconds (the tests pass a clock of their own).
    private let now: () -> UInt64

    /// A pace that has not measured anything yet (it assumes 200 ns a deal).
    package init(now: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.now = now
    }

    /// Starts a frame that may spend `budget` seconds from now.
    package mutating func begin(budget: TimeInterval) {
        chunkStart = now()
        deadline = chunkStart + UInt64(max(0, budget) * 1e9)
        chunks = 0
    }

    /// The deals the next chunk may take (at most `limit`), or nil once the time is spent. The
    /// first chunk of a frame takes at least `minimum`, so deals never stall.
    package mutating func nextChunk(limit: Int, minimum: Int = 32) -> Int? {
        let time = now()
        chunkStart = time
        let fits = time < deadline ? Int(Double(deadline - time) / perDeal) : 0
        if chunks == 0 { return max(1, min(limit, max(minimum, fits))) }
        return fits >= minimum ? min(limit, fits) : nil
    }

    /// Records that the chunk just done merged `deals` deals.
    package mutating func chunkDone(deals: Int) {
        chunks += 1
        guard deals > 0 else { return }
        let sample = Double(now() - chunkStart) / Double(deals)
        perDeal = max(sample, perDeal * 0.95)
    }
}
