import AlmanacCore
import Foundation

/// A block's unsorted tail: a group appended at the block's end without reading the block
/// (`SortedBlocks+Merging.swift` says when), and put in order when a merge or a reader needs it.
extension SortedBlocks {
    /// Appends a group at the end of its block, unsorted, when the block has room and its
    /// unsorted tail stays within `pendingLimit`; false (nothing done) otherwise. The group
    /// must not sort before the block's first entry (only the first block can receive such).
    mutating func appendPending(into index: Int, keys newKeys: ArraySlice<UInt64>, rows newRows: ArraySlice<UInt32>, ids newIDs: [Int64])
        -> Bool
    {
        let physical = Int(list.blocks[index])
        let old = Int(fill[physical])
        let count = newKeys.count
        guard old > 0, old + count <= Self.capacity, old - Int(sortedFill[physical]) + count <= Self.pendingLimit,
            !Self.less(newKeys[newKeys.startIndex], newIDs[newKeys.startIndex], list.firstKeys[index], list.firstIDs[index])
        else { return false }
        let base = physical * Self.capacity + old
        rows.withUnsafeMutableBufferPointer { rows in
            keys.withUnsafeMutableBufferPointer { keys in
                for (offset, slot) in newKeys.indices.enumerated() {
                    keys[base + offset] = newKeys[slot]
                    rows[base + offset] = newRows[slot]
                }
            }
        }
        fill[physical] = Int32(old + count)
        return true
    }

    /// Puts the unsorted tail of block `physical` in order and merges it into the sorted part
    /// (on the stack: at most `pendingLimit` entries).
    mutating func sortPending(_ physical: Int, id: (UInt32) -> Int64) {
        let sorted = Int(sortedFill[physical])
        let end = Int(fill[physical])
        guard end > sorted else { return }
        let (base, count) = (physical * Self.capacity, end - sorted)
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { pendingKeys in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { pendingRows in
                withUnsafeTemporaryAllocation(of: Int64.self, capacity: count) { pendingIDs in
                    for offset in 0..<count {
                        (pendingKeys[offset], pendingRows[offset]) = (keys[base + sorted + offset], rows[base + sorted + offset])
                        pendingIDs[offset] = id(pendingRows[offset])
                    }
                    Self.insertionSort(keys: pendingKeys, rows: pendingRows, ids: pendingIDs)
                    rows.withUnsafeMutableBufferPointer { rows in
                        keys.withUnsafeMutableBufferPointer { keys in
                            Self.mergeBack(
                                rows: rows, keys: keys, base: base, old: sorted, newKeys: pendingKeys, newRows: pendingRows,
                                newIDs: pendingIDs, id: id)
                        }
                    }
                }
            }
        }
        sortedFill[physical] = Int32(end)
    }

    /// Sorts the tails of the blocks at slots `range` of the list (before a walk reads them in
    /// order).
    mutating func sortPending(blocks range: Range<Int>, id: (UInt32) -> Int64) {
        for slot in range where list.isLive(slot) { sortPending(Int(list.blocks[slot]), id: id) }
    }

    /// Stable insertion sort of a few entries by (key, id).
    static func insertionSort(
        keys: UnsafeMutableBufferPointer<UInt64>, rows: UnsafeMutableBufferPointer<UInt32>, ids: UnsafeMutableBufferPointer<Int64>
    ) {
        for index in keys.indices.dropFirst() {
            let (key, row, entryID) = (keys[index], rows[index], ids[index])
            var slot = index
            while slot > 0, less(key, entryID, keys[slot - 1], ids[slot - 1]) {
                (keys[slot], rows[slot], ids[slot]) = (keys[slot - 1], rows[slot - 1], ids[slot - 1])
                slot -= 1
            }
            (keys[slot], rows[slot], ids[slot]) = (key, row, entryID)
        }
    }

    /// A few entries sorted by (key, id), with their ids (for readers, which change nothing).
    static func sortedEntries(
        keys: ArraySlice<UInt64>, rows: ArraySlice<UInt32>, id: (UInt32) -> Int64
    ) -> (keys: [UInt64], rows: [UInt32], ids: [Int64]) {
        var (keys, rows) = (Array(keys), Array(rows))
        var ids = rows.map(id)
        keys.withUnsafeMutableBufferPointer { keys in
            rows.withUnsafeMutableBufferPointer { rows in
                ids.withUnsafeMutableBufferPointer { insertionSort(keys: keys, rows: rows, ids: $0) }
            }
        }
        return (keys, rows, ids)
    }
}
