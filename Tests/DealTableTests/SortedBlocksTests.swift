import Foundation
import XCTest

@testable import AlmanacCore
@testable import DealTable

/// The view's blocks as they are built: a built view leaves room in every block, and a filter's
/// walked arrays become the new view's arena without a copy.
final class SortedBlocksTests: XCTestCase {
    /// 2,000 entries in (key, id) order: key = index / 3, id = index, row = 2,000 − index.
    private func sortedEntries(_ n: Int) -> (rows: [UInt32], keys: [UInt64], ids: [Int64]) {
        ((0..<n).map { UInt32(n - $0) }, (0..<n).map { UInt64($0 / 3) }, (0..<n).map { Int64($0) })
    }

    func testAdoptedArraysBecomeTheArenaInPlace() {
        let n = 2_000
        let entries = sortedEntries(n)
        var rows: [UInt32] = []
        var keys: [UInt64] = []
        rows.reserveCapacity(SortedBlocks.slots(n))
        keys.reserveCapacity(SortedBlocks.slots(n))
        rows += entries.rows
        keys += entries.keys
        let rowsAddress = rows.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        let keysAddress = keys.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        let firstIDs = stride(from: 0, to: n, by: SortedBlocks.buildFill).map { entries.ids[$0] }
        var view = SortedBlocks()
        view.build(adopting: consume rows, keys: consume keys, firstIDs: firstIDs, reserve: n)
        XCTAssertEqual(view.rows.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }, rowsAddress, "no copy of the rows")
        XCTAssertEqual(view.keys.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }, keysAddress, "no copy of the keys")
        XCTAssertEqual(view.count, n)
        XCTAssertEqual(view.rows(from: 0, to: n) { _ in 0 }, entries.rows, "the order as given")
        XCTAssertEqual(view.blockCount, (n + SortedBlocks.buildFill - 1) / SortedBlocks.buildFill)
    }

    func testABuiltViewTakesNewEntriesWithoutSplittingAndStaysInOrder() {
        let n = 2_000
        let entries = sortedEntries(n)
        var view = SortedBlocks()
        view.build(entries.rows, keys: entries.keys, ids: entries.ids, reserve: n * 2)
        let blocks = view.blockCount
        // One new entry for every block's worth of keys, each with an id above every old one.
        let newKeys = stride(from: 0, to: n / 3, by: SortedBlocks.buildFill / 3).map { UInt64($0) }
        let newRows = newKeys.indices.map { UInt32(10_000 + $0) }
        var key = Dictionary(uniqueKeysWithValues: zip(entries.rows, entries.keys))
        var id = Dictionary(uniqueKeysWithValues: zip(entries.rows, entries.ids))
        for (index, row) in newRows.enumerated() { (key[row], id[row]) = (newKeys[index], Int64(100_000 + index)) }
        view.insert(keys: newKeys, rows: newRows) { id[$0]! }
        XCTAssertEqual(view.blockCount, blocks, "every block had room: none split")
        XCTAssertEqual(view.count, n + newKeys.count)
        let order = view.rows(from: 0, to: view.count) { id[$0]! }.map { (key[$0]!, id[$0]!) }
        XCTAssertEqual(order.map(\.1), order.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.1), "(key, id) order")
    }

    /// Single entries in random order land as blocks' unsorted tails (nothing of the block is
    /// read); reading, positions, a walk and a merge that sorts the tails all see (key, id) order.
    func testUnsortedTailsReadInOrderAndMergeAway() {
        let n = 5_000
        let entries = sortedEntries(n)
        var view = SortedBlocks()
        view.build(entries.rows, keys: entries.keys, ids: entries.ids, reserve: n * 2)
        var key = Dictionary(uniqueKeysWithValues: zip(entries.rows, entries.keys))
        var id = Dictionary(uniqueKeysWithValues: zip(entries.rows, entries.ids))
        var generator = SplitMix64(seed: 8)
        for index in 0..<1_500 {
            let row = UInt32(20_000 + index)
            (key[row], id[row]) = (UInt64(generator.next() % UInt64(n / 3)), Int64(50_000 - index))  // ids descending: ties matter
            view.insert(keys: [key[row]!], rows: [row]) { id[$0]! }
        }
        XCTAssertTrue(view.fill.indices.contains { view.sortedFill[$0] < view.fill[$0] }, "some tails wait unsorted")
        let expected = key.keys.sorted { key[$0]! != key[$1]! ? key[$0]! < key[$1]! : id[$0]! < id[$1]! }
        XCTAssertEqual(view.rows(from: 0, to: view.count) { id[$0]! }, expected)
        XCTAssertEqual(view.rows(from: 1_234, to: 1_300) { id[$0]! }, Array(expected[1_234..<1_300]))
        for position in stride(from: 0, to: expected.count, by: 97) {
            let row = expected[position]
            XCTAssertEqual(view.row(at: position) { id[$0]! }, row)
            XCTAssertEqual(view.position(key: key[row]!, id: id[row]!) { id[$0]! }, position)
        }
        var found = (rows: [UInt32](), keys: [UInt64](), firstIDs: [Int64]())
        let bits = [UInt64](repeating: .max, count: 1_000)  // every row marked: the walk keeps all, in order
        view.collect(blocks: 0..<view.slotCount, end: 64_000, bits: bits, tie: { id[$0]! }, into: &found)
        XCTAssertEqual(found.rows, expected)
        XCTAssertEqual(found.keys, expected.map { key[$0]! })
        view.sortPending(blocks: 0..<view.slotCount) { id[$0]! }
        XCTAssertEqual(view.fill, view.sortedFill, "every tail merged")
        XCTAssertEqual(view.rows(from: 0, to: view.count) { _ in 0 }, expected, "in order in place")
    }

    /// A block that fills up shares its entries with the next one instead of splitting, and both
    /// keep room, so the entries that follow append to their tails again.
    func testAFullBlockSharesWithTheNextOneAndBothKeepRoom() {
        let n = SortedBlocks.buildFill * 2 + 100  // blocks of 240, 240 and 100
        let entries = sortedEntries(n)
        var view = SortedBlocks()
        view.build(entries.rows, keys: entries.keys, ids: entries.ids, reserve: n * 2)
        var key = Dictionary(uniqueKeysWithValues: zip(entries.rows, entries.keys))
        var id = Dictionary(uniqueKeysWithValues: zip(entries.rows, entries.ids))
        let middle = UInt64(SortedBlocks.buildFill / 3)  // the second block's first key
        for index in 0..<40 {  // more than the second block has room for, one at a time
            let row = UInt32(50_000 + index)
            (key[row], id[row]) = (middle + 10 + UInt64(index % 30), Int64(90_000 - index))
            view.insert(keys: [key[row]!], rows: [row]) { id[$0]! }
        }
        XCTAssertEqual(view.blockCount, 3, "shared with the next block, not split")
        let fills = (0..<view.slotCount).filter(view.list.isLive).map { Int(view.fill[Int(view.list.blocks[$0])]) }
        XCTAssertEqual(fills.reduce(0, +), n + 40)
        XCTAssertTrue(fills.dropFirst().allSatisfy { $0 <= SortedBlocks.capacity - SortedBlocks.balanceRoom / 2 }, "room left: \(fills)")
        let expected = key.keys.sorted { key[$0]! != key[$1]! ? key[$0]! < key[$1]! : id[$0]! < id[$1]! }
        XCTAssertEqual(view.rows(from: 0, to: view.count) { id[$0]! }, expected)
        for position in stride(from: 0, to: expected.count, by: 23) {
            XCTAssertEqual(view.position(key: key[expected[position]]!, id: id[expected[position]]!) { id[$0]! }, position)
        }
    }
}
