import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import DealTable
import Foundation
import Synchronization

/// The deal server: streams about a million deals in batches of 100 on its own thread, at an
/// irregular pace, until it runs out. Deterministic for a seed. Treat it as untouchable:
/// consumers rely only on `subscribeToDeals`.
package final class DealServer: Sendable {
    /// About twenty instruments, as a currency desk names them.
    package static let instruments = [
        "EUR/USD_TOD", "EUR/USD_TOM", "EUR/USD_SPT", "GBP/USD_TOD", "GBP/USD_TOM", "USD/JPY_TOD", "USD/JPY_TOM",
        "USD/CHF_TOD", "USD/CAD_TOM", "AUD/USD_TOD", "NZD/USD_TOM", "EUR/GBP_TOD", "EUR/JPY_TOM", "EUR/CHF_TOD",
        "USD/CNH_TOM", "USD/RUB_TOD", "USD/RUB_TOM", "EUR/RUB_TOD", "USD/TRY_SPT", "XAU/USD_SPT",
    ]
    static let basePrices: [Double] = [
        1.08, 1.08, 1.08, 1.27, 1.27, 151.2, 151.2, 0.88, 1.39, 0.65, 0.59, 0.85, 163.3, 0.95,
        7.24, 92.5, 92.6, 99.9, 34.2, 2650,
    ]

    /// Deals the server sends before it ends.
    package let count: Int
    /// The generator's seed: the same seed sends the same deals.
    package let seed: UInt64
    /// Mean batches per second; 0 = as fast as possible.
    package let pace: Double
    /// Deals per batch.
    package let batchSize = 100
    /// Read by the producing thread, set by `stop()`.
    private let stopped = Atomic(false)
    /// The first deal's time, in seconds since 1970: the last deal lands about `end`, as a live
    /// feed's would; with no end, 2026-11-20 00:00 UTC.
    private let start: Double

    /// A server of `count` deals; `pace` is mean batches a second (0: as fast as taken); `end`
    /// about the last deal's time (nil: a fixed day).
    package init(count: Int = 1_000_000, seed: UInt64 = 42, pace: Double = 0, end: Date? = nil) {
        self.count = max(0, count)
        self.seed = seed
        self.pace = max(0, pace)
        self.start = end.map { ($0.timeIntervalSince1970 - Double(max(0, count)) * 0.02 - 3).rounded(.down) } ?? 1_795_132_800
    }

    /// Starts streaming on a new thread; `onBatch` is called from that thread, then `onEnd` once.
    package func subscribeToDeals(_ onBatch: @escaping @Sendable ([Deal]) -> Void, onEnd: (@Sendable () -> Void)? = nil) {
        JobPool.background.run { [self] in
            var generator = SplitMix64(seed: seed)
            // The pauses draw from a stream of their own: the seed alone decides the deals, the
            // pace only when they arrive.
            var timing = SplitMix64(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
            var produced = 0
            while produced < count, !isStopped {
                let size = min(batchSize, count - produced)
                onBatch((0..<size).map { Self.deal(number: produced + $0, generator: &generator, start: start) })
                produced += size
                if pace > 0 {
                    let mean = 1 / pace
                    Thread.sleep(forTimeInterval: mean * Double(timing.next() % 2000) / 1000)
                }
            }
            onEnd?()
        }
    }

    /// Stops the stream after the current batch.
    package func stop() { stopped.store(true, ordering: .releasing) }

    private var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Deal number `n`: ids ascend with jitter-free gaps, times move forward with jitter, prices wander.
    package static func deal(number: Int, generator: inout SplitMix64, start: Double = 1_795_132_800) -> Deal {
        let instrument = Int(generator.next() % UInt64(instruments.count))
        let base = basePrices[instrument]
        let price = base * (1 + (Double(generator.next() % 20001) - 10000) / 1_000_000)
        let amount = Double(1 + generator.next() % 5_000_000)
        let jitter = Double(generator.next() % 3_000) / 1000
        let date = Date(timeIntervalSince1970: start + Double(number) * 0.02 + jitter)
        let side: Deal.Side = generator.next() & 1 == 0 ? .buy : .sell
        return Deal(
            id: Int64(100_000 + number), dateModified: date, instrumentName: instruments[instrument],
            price: (price * 100_000).rounded() / 100_000, amount: amount, side: side)
    }
}
