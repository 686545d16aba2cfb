import Foundation
import XCTest

@testable import AlmanacCore
@testable import DealTable

/// The selection behind `deals stats` reads the ranks a plain sort would, whatever the values'
/// spread: ties, bunched values that force a bucket to be refined, a handful of values, and
/// values far apart.
final class ColumnQuantilesTests: XCTestCase {
    private func plain(_ values: [Double], _ ranks: [Int]) -> [Double] {
        let sorted = values.sorted()
        return ranks.map { sorted[$0] }
    }

    private func selected(_ values: [Double], _ ranks: [Int], buckets: Int = 1 << 16, gatherLimit: Int = 1 << 16) -> [Double] {
        values.withUnsafeBufferPointer { buffer in
            var quantiles = ColumnQuantiles(rows: values.indices, values: buffer)
            (quantiles.buckets, quantiles.gatherLimit) = (buckets, gatherLimit)
            return quantiles.values(at: ranks, count: values.count, low: values.min()!, high: values.max()!)
        }
    }

    func testRanksEqualASortOverManySpreads() {
        var generator = SplitMix64(seed: 5)
        let spreads: [(String, () -> Double)] = [
            ("ties", { Double(generator.next() % 7) }),
            ("uniform", { Double(generator.next() % 1_000_000) / 100 }),
            ("bunched", { generator.next() % 10 == 0 ? Double(generator.next() % 1000) : 1.08 + Double(generator.next() % 50) * 1e-5 }),
            ("far apart", { generator.next() & 1 == 0 ? -1e300 : Double(generator.next() % 100) * 1e300 }),
        ]
        for (name, next) in spreads {
            for count in [1, 2, 3, 10, 1001, 20_000] {
                let values = (0..<count).map { _ in next() }
                let ranks = Array(Set([0, count / 10, count / 2, (count - 1) / 2 + 1, count * 9 / 10, count - 1].map { min($0, count - 1) })).sorted()
                XCTAssertEqual(selected(values, ranks), plain(values, ranks), "\(name) \(count)")
                // Few buckets and a small gather limit: full buckets are refined, level after level.
                XCTAssertEqual(selected(values, ranks, buckets: 4, gatherLimit: 3), plain(values, ranks), "\(name) \(count) refined")
            }
        }
    }

    func testNeighbouringDoublesAndSubnormalsStillSelectExactly() {
        let tiny = [0, Double.leastNonzeroMagnitude, Double.leastNonzeroMagnitude * 2, 0, Double.leastNonzeroMagnitude]
        XCTAssertEqual(selected(tiny, [0, 2, 4], buckets: 4, gatherLimit: 1), plain(tiny, [0, 2, 4]))
        let neighbours = (0..<100).map { Double(1).nextUp * Double($0 % 3 == 0 ? 1 : 0) + 1 }
        XCTAssertEqual(selected(neighbours, [0, 50, 99], buckets: 4, gatherLimit: 2), plain(neighbours, [0, 50, 99]))
    }

    /// Mean and standard deviation from one pass over shifted data agree with the two-pass
    /// figures, even for values far from zero with a small spread.
    func testMomentsMatchTwoPassFigures() {
        var generator = SplitMix64(seed: 2)
        let values = (0..<10_000).map { _ in 1e9 + Double(generator.next() % 1000) / 1000 }
        var moments = Moments()
        for value in values { moments.add(value) }
        // The reference sums the small parts alone: a plain sum of 1e9s loses their digits.
        let parts = values.map { $0 - 1e9 }
        let mean = 1e9 + parts.reduce(0, +) / Double(values.count)
        let deviation = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
        XCTAssertEqual(moments.mean, mean, accuracy: 1e-7)
        XCTAssertEqual(moments.standardDeviation, deviation, accuracy: 1e-6)
        XCTAssertEqual(moments.low, values.min())
        XCTAssertEqual(moments.high, values.max())
    }
}
