import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

extension SortedBlocks {
    /// The row at an ascending view position.
    func row(at position: Int) -> UInt32 {
        let block = block(containing: position)
        return rows[Int(blocks[block]) * Self.capacity + position - starts[block]]
    }

    /// The view index of the block holding an ascending position (binary search over starts).
    private func block(containing position: Int) -> Int {
        var low = 0
        var high = blocks.count - 1
        while low < high {
            let mid = (low + high + 1) >> 1
            if starts[mid] <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Rows from ascending position `from` up to (not including) `to`, in order.
    func rows(from: Int, to: Int) -> [UInt32] {
        guard from < to else { return [] }
        var result: [UInt32] = []
        result.reserveCapacity(to - from)
        var block = block(containing: from)
        var index = from - starts[block]
        while result.count < to - from {
            let physical = Int(blocks[block])
            if index >= Int(fill[physical]) {
                block += 1
                index = 0
                continue
            }
            result.append(rows[physical * Self.capacity + index])
            index += 1
        }
        return result
    }

    /// The ascending position of the entry (key, id).
    func position(key: UInt64, id: Int64, idOf: (UInt32) -> Int64) -> Int {
        guard !blocks.isEmpty else { return 0 }
        let block = target(key, id, from: 0)
        let physical = Int(blocks[block])
        let base = physical * Self.capacity
        var low = 0
        var high = Int(fill[physical])
        while low < high {
            let mid = (low + high) >> 1
            if Self.less(keys[base + mid], idOf(rows[base + mid]), key, id) { low = mid + 1 } else { high = mid }
        }
        return starts[block] + low
    }

    /// Appends the entries (row, key) of the blocks at view positions `range` (block indices,
    /// in view order) whose row is below `end` and has its bit set in `bits`, in order; and the
    /// tie (`DealColumns.tie`) of every `buildFill`-th appended entry to `firstIDs` (each block's
    /// first, for `build`).
    func collect(
        blocks range: Range<Int>, end: Int, bits: [UInt64], tie: (Int) -> Int64,
        into found: inout (rows: [UInt32], keys: [UInt64], firstIDs: [Int64])
    ) {
        rows.withUnsafeBufferPointer { rows in
            keys.withUnsafeBufferPointer { keys in
                bits.withUnsafeBufferPointer { bits in
                    for index in range {
                        let block = Int(blocks[index])
                        let base = block * Self.capacity
                        for slot in base..<base + Int(fill[block]) {
                            let row = Int(rows[slot])
                            guard row < end, bits[row &>> 6] & (1 &<< UInt64(row & 63)) != 0 else { continue }
                            if found.rows.count % Self.buildFill == 0 { found.firstIDs.append(tie(row)) }
                            found.rows.append(rows[slot])
                            found.keys.append(keys[slot])
                        }
                    }
                }
            }
        }
    }
}
