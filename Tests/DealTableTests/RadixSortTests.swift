import Foundation
import XCTest

@testable import AlmanacCore
@testable import DealTable

/// The MSD radix sort orders (key, row) pairs exactly as a stable comparison sort does, at every
/// size the views meet (a 512-deal chunk, a run below and above the digit-width switch, a table),
/// whatever bits the keys differ in; and a table sort's arrays are ready to become a view's arena.
final class RadixSortTests: XCTestCase {
    /// The reference: a stable sort by key (equal keys keep their input order).
    private func reference(_ keys: [UInt64], _ rows: [UInt32]) -> (keys: [UInt64], rows: [UInt32]) {
        let order = keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        return (order.map { keys[$0] }, order.map { rows[$0] })
    }

    /// `n` keys from `make`, rows numbered from 0 so a wrong tie shows.
    private func check(_ n: Int, seed: UInt64, _ label: String, make: (inout SplitMix64) -> UInt64) {
        var generator = SplitMix64(seed: seed)
        var keys = (0..<n).map { _ in make(&generator) }
        var rows = (0..<n).map { UInt32($0) }
        let expected = reference(keys, rows)
        RadixSort.sort(keys: &keys, rows: &rows)
        XCTAssertEqual(keys, expected.keys, "\(label), n = \(n): keys")
        XCTAssertEqual(rows, expected.rows, "\(label), n = \(n): equal keys keep their order")
    }

    func testPairsSortLikeAStableSortAtEverySizeAndSpread() {
        let shapes: [(String, (inout SplitMix64) -> UInt64)] = [
            ("any 64 bits", { $0.next() }),
            ("many ties", { $0.next() % 7 }),
            ("only high bits differ", { ($0.next() % 5) << 59 }),
            ("only low bits differ", { 0xABCD_0000_0000_0000 | ($0.next() % 300) }),
            ("prices", { RadixSort.orderedBits(1.08 * (1 + Double($0.next() % 20_001) / 1e6)) }),
            ("all equal", { _ in 42 }),
        ]
        for (shape, make) in shapes {
            for n in [0, 1, 2, 24, 25, 300, 512, 4_095, 4_096, 20_000] {
                check(n, seed: UInt64(n) &+ 11, shape, make: make)
            }
        }
    }

    func testATableSortReadsKeysFromTheColumnsInTheGivenOrder() {
        let n = 30_000
        var generator = SplitMix64(seed: 3)
        let prices = (0..<n).map { _ in [0.59, 1.08, 151.2, 2650][Int(generator.next() % 4)] * (1 + Double(generator.next() % 201) / 1e4) }
        let order = (0..<n).map { UInt32($0) }.shuffled(using: &generator)
        for given in [nil, order] {
            let start = given ?? (0..<n).map { UInt32($0) }
            let expected = reference(start.map { RadixSort.orderedBits(prices[Int($0)]) }, start)
            let sorted = prices.withUnsafeBufferPointer {
                RadixSort.sortedPairs(count: n, order: given, by: DoubleKeys(values: $0), capacity: 2 * n)
            }
            XCTAssertEqual(sorted.rows, expected.rows, given == nil ? "row order" : "the given order")
            XCTAssertEqual(sorted.keys, expected.keys)
            XCTAssertGreaterThanOrEqual(sorted.rows.capacity, 2 * n, "room reserved for the view's arena")
            XCTAssertGreaterThanOrEqual(sorted.keys.capacity, 2 * n)
        }
    }

    func testATableSortByASmallKeyIsStable() {
        let sides: [UInt8] = (0..<5_000).map { UInt8($0 * 7 % 3 == 0 ? 1 : 0) }
        let sorted = sides.withUnsafeBufferPointer { RadixSort.sortedPairs(count: $0.count, order: nil, by: SideKeys(sides: $0), capacity: 0) }
        let expected = (0..<5_000).filter { sides[$0] == 0 } + (0..<5_000).filter { sides[$0] == 1 }
        XCTAssertEqual(sorted.rows, expected.map { UInt32($0) })
        XCTAssertEqual(sorted.keys, expected.map { UInt64(sides[$0]) })
        let empty = sides.withUnsafeBufferPointer { RadixSort.sortedPairs(count: 0, order: nil, by: SideKeys(sides: $0), capacity: 0) }
        XCTAssertEqual(empty.rows, [])
    }
}
