import AlmanacCore
import Foundation

/// Reading the view in order. A block whose tail is not sorted yet (`SortedBlocks+Merging.swift`)
/// is put in order on the side as it is read (at most `capacity` entries; the view is not
/// changed), so reading never waits for merges; only a filter's walk (`collect`) sorts the
/// tails in place. `id` gives a row's tie (`DealColumns.tie`).
extension SortedBlocks {
    /// The row at an ascending view position.
    func row(at position: Int, id: (UInt32) -> Int64) -> UInt32 {
        let (slot, start) = list.locate(position)
        let physical = Int(list.blocks[slot])
        if sortedFill[physical] == fill[physical] { return rows[physical * Self.capacity + position - start] }
        return ordered(physical, id: id).rows[position - start]
    }

    /// The entries of block `physical` in (key, id) order: its sorted part merged with its tail.
    func ordered(_ physical: Int, id: (UInt32) -> Int64) -> (rows: [UInt32], keys: [UInt64]) {
        let base = physical * Self.capacity
        let (sorted, end) = (base + Int(sortedFill[physical]), base + Int(fill[physical]))
        let pending = Self.sortedEntries(keys: keys[sorted..<end], rows: rows[sorted..<end], id: id)
        var (mergedRows, mergedKeys) = ([UInt32](), [UInt64]())
        mergedRows.reserveCapacity(end - base)
        mergedKeys.reserveCapacity(end - base)
        var (old, new) = (base, 0)
        while old < sorted || new < pending.keys.count {
            // The tie is read only when keys are equal.
            let takeOld =
                new == pending.keys.count
                || (old < sorted
                    && (keys[old] < pending.keys[new] || (keys[old] == pending.keys[new] && id(rows[old]) < pending.ids[new])))
            if takeOld {
                mergedRows.append(rows[old])
                mergedKeys.append(keys[old])
                old += 1
            } else {
                mergedRows.append(pending.rows[new])
                mergedKeys.append(pending.keys[new])
                new += 1
            }
        }
        return (mergedRows, mergedKeys)
    }

    /// Rows from ascending position `from` up to (not including) `to`, in order.
    func rows(from: Int, to: Int, id: (UInt32) -> Int64) -> [UInt32] {
        guard from < to else { return [] }
        var result: [UInt32] = []
        result.reserveCapacity(to - from)
        let (first, start) = list.locate(from)
        var slot: Int? = first
        var index = from - start
        while result.count < to - from, let block = slot {
            let physical = Int(list.blocks[block])
            let used = Int(fill[physical])
            let take = min(used - index, to - from - result.count)
            if take > 0 {
                if sortedFill[physical] == fill[physical] {
                    let base = physical * Self.capacity + index
                    result += rows[base..<base + take]
                } else {
                    result += ordered(physical, id: id).rows[index..<index + take]
                }
            }
            slot = list.next(block)
            index = 0
        }
        return result
    }

    /// The ascending position of the entry (key, id).
    func position(key: UInt64, id: Int64, idOf: (UInt32) -> Int64) -> Int {
        guard !list.isEmpty else { return 0 }
        let block = list.target(key, id, from: 0)
        let physical = Int(list.blocks[block])
        let base = physical * Self.capacity
        var low = 0
        var high = Int(sortedFill[physical])
        while low < high {
            let mid = (low + high) >> 1
            if Self.less(keys[base + mid], idOf(rows[base + mid]), key, id) { low = mid + 1 } else { high = mid }
        }
        for slot in base + Int(sortedFill[physical])..<base + Int(fill[physical])
        where Self.less(keys[slot], idOf(rows[slot]), key, id) {
            low += 1  // the unsorted tail's entries before (key, id)
        }
        return list.start(of: block) + low
    }

    /// Appends the entries (row, key) of the blocks at slots `range` of the list (in view order;
    /// unused slots skipped) whose row is below `end` and has its bit set in `bits`, in order; and the
    /// tie (`DealColumns.tie`) of every `buildFill`-th appended entry to `firstIDs` (each block's
    /// first, for `build`). The blocks' unsorted tails are sorted in place first
    /// (`sortPending`): a filter's walk reads every block once, so the order it puts them in
    /// is kept.
    mutating func collect(
        blocks range: Range<Int>, end: Int, bits: [UInt64], tie: (UInt32) -> Int64,
        into found: inout (rows: [UInt32], keys: [UInt64], firstIDs: [Int64])
    ) {
        sortPending(blocks: range, id: tie)
        rows.withUnsafeBufferPointer { rows in
            keys.withUnsafeBufferPointer { keys in
                bits.withUnsafeBufferPointer { bits in
                    for index in range where list.isLive(index) {
                        let block = Int(list.blocks[index])
                        let base = block * Self.capacity
                        for slot in base..<base + Int(fill[block]) {
                            let row = Int(rows[slot])
                            guard row < end, bits[row &>> 6] & (1 &<< UInt64(row & 63)) != 0 else { continue }
                            if found.rows.count % Self.buildFill == 0 { found.firstIDs.append(tie(rows[slot])) }
                            found.rows.append(rows[slot])
                            found.keys.append(keys[slot])
                        }
                    }
                }
            }
        }
    }
}
