import XCTest

@testable import AlmanacKit

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
        XCTAssertEqual(view.rows(from: 0, to: n), entries.rows, "the order as given")
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
        let order = view.rows(from: 0, to: view.count).map { (key[$0]!, id[$0]!) }
        XCTAssertEqual(order.map(\.1), order.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.1), "(key, id) order")
    }
}
