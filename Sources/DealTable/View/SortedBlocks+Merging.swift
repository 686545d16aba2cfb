import AlmanacCore
import Foundation

/// Merging new entries into the blocks.
///
/// A group of new entries whose block has room is appended at the block's end unsorted
/// (`appendPending`): nothing of the block is read, one or two cache lines are written. Only when
/// a block's unsorted tail would pass `pendingLimit` (or the block is full) is the block read and
/// merged whole (`merge`), its tail and the group together. At 10M deals in random key order a
/// frame's deals land in as many blocks scattered over a 150 MB arena, so this trades reading
/// and moving about 3 KB a deal for about one cache line, and a merge per `pendingLimit` deals
/// (measured: ingest sorted by price at 10M went from 4.6× a plain sort to 2.3–3.4×, docs/benchmarks.md).
/// Readers put a block's tail in order as they read it (`SortedBlocks+Reading.swift`).
extension SortedBlocks {
    // MARK: - Merging

    /// Merges new entries, sorted ascending by (key, id), into the view. The owner then asks for
    /// the arena's next pages (`faultAhead`).
    mutating func insert(keys newKeys: [UInt64], rows newRows: [UInt32], id: (UInt32) -> Int64) {
        let k = newKeys.count
        guard k > 0 else { return }
        if list.isEmpty { appendBlock() }
        let newIDs = newRows.map(id)
        var groups = group(keys: newKeys, ids: newIDs)
        touchTails(groups.map(\.block))
        groups.removeAll { appendPending(into: $0.block, keys: newKeys[$0.start..<$0.end], rows: newRows[$0.start..<$0.end], ids: newIDs) }
        touch(groups.map(\.block))
        var replacements: [(slot: Int, made: [Int32])] = []
        for (block, start, end) in groups {
            let made = merge(into: block, keys: newKeys[start..<end], rows: newRows[start..<end], ids: newIDs[start..<end], id: id)
            if made.count > 1 { replacements.append((block, made)) }
        }
        // From the last back: a split page moves only the slots after it.
        for (slot, made) in replacements.reversed() {
            let entries = made.map { block in
                let first = Int(block) * Self.capacity
                return (block: block, key: keys[first], id: id(rows[first]), entries: Int(fill[Int(block)]))
            }
            list.replace(slot, with: entries)
        }
        list.renumber()
    }

    /// New entries (sorted ascending by (key, id)) grouped by the block they belong in, by slot in
    /// the list; each block's count already includes its group.
    private mutating func group(keys newKeys: [UInt64], ids newIDs: [Int64]) -> [(block: Int, start: Int, end: Int)] {
        let k = newKeys.count
        var groups: [(block: Int, start: Int, end: Int)] = []
        var block = 0
        var j = 0
        while j < k {
            block = list.target(newKeys[j], newIDs[j], from: block)
            var end = j + 1
            if let next = list.next(block) {
                let nextKey = list.firstKeys[next]
                let nextID = list.firstIDs[next]
                while end < k, Self.less(newKeys[end], newIDs[end], nextKey, nextID) { end += 1 }
            } else {
                end = k
            }
            groups.append((block, j, end))
            list.add(end - j, at: block)
            j = end
        }
        return groups
    }

    /// Reads the tail of every block about to be merged, all at once: the loads do not depend on
    /// each other, so the processor overlaps their cache misses instead of paying them one by
    /// one during the merges (a frame's blocks are scattered across the arena).
    private mutating func touch(_ indices: [Int]) {
        var sink: UInt64 = 0
        rows.withUnsafeBufferPointer { rows in
            keys.withUnsafeBufferPointer { keys in
                for index in indices {
                    let base = Int(list.blocks[index]) * Self.capacity
                    let used = Int(fill[base / Self.capacity])
                    // One load per 64-byte line: 8 keys, then 16 row numbers.
                    for offset in stride(from: 0, to: used, by: 8) { sink &+= keys[base + offset] }
                    for offset in stride(from: 0, to: used, by: 16) { sink &+= UInt64(rows[base + offset]) }
                }
            }
        }
        touched = sink
    }

    /// Reads the line each block's next entry goes in, for every group at once (loads that do
    /// not depend on each other overlap their cache misses; the appends then write to the cache).
    private mutating func touchTails(_ indices: [Int]) {
        var sink: UInt64 = 0
        rows.withUnsafeBufferPointer { rows in
            keys.withUnsafeBufferPointer { keys in
                for index in indices {
                    let physical = Int(list.blocks[index])
                    let slot = physical * Self.capacity + min(Int(fill[physical]), Self.capacity - 1)
                    sink &+= keys[slot] &+ UInt64(rows[slot])
                }
            }
        }
        touched = sink
    }

    @inline(__always)
    static func less(_ key: UInt64, _ id: Int64, _ otherKey: UInt64, _ otherID: Int64) -> Bool {
        BlockList.less(key, id, otherKey, otherID)
    }

    /// Merges a group into the block at slot `index` of the list; returns the blocks it became
    /// (itself first, then new ones) when it had to split.
    private mutating func merge(
        into index: Int, keys newKeys: ArraySlice<UInt64>, rows newRows: ArraySlice<UInt32>,
        ids newIDs: ArraySlice<Int64>, id: (UInt32) -> Int64
    ) -> [Int32] {
        let physical = Int(list.blocks[index])
        sortPending(physical, id: id)
        let base = physical * Self.capacity
        let old = Int(fill[physical])
        let total = old + newKeys.count
        if total <= Self.capacity {
            rows.withUnsafeMutableBufferPointer { rows in
                keys.withUnsafeMutableBufferPointer { keys in
                    Self.mergeBack(rows: rows, keys: keys, base: base, old: old, newKeys: newKeys, newRows: newRows, newIDs: newIDs, id: id)
                }
            }
            fill[physical] = Int32(total)
            sortedFill[physical] = Int32(total)
            if old == 0 || Self.less(newKeys[newKeys.startIndex], newIDs[newIDs.startIndex], list.firstKeys[index], list.firstIDs[index]) {
                list.firstKeys[index] = newKeys[newKeys.startIndex]
                list.firstIDs[index] = newIDs[newIDs.startIndex]
            }
            return [Int32(physical)]
        }
        // Merge into a scratch run; then either share it with the next block when the two hold
        // it with `balanceRoom` to spare (keeps blocks fuller: about 12 bytes an entry become 15
        // rather than 18), or share it out over as few new blocks as fit, evenly (`split`).
        if let next = list.next(index), total + Int(fill[Int(list.blocks[next])]) <= 2 * Self.capacity - Self.balanceRoom {
            balance(index, next: next, base: base, old: old, total: total, keys: newKeys, rows: newRows, ids: newIDs, id: id)
            return [Int32(physical)]
        }
        return split(physical, base: base, old: old, total: total, keys: newKeys, rows: newRows, ids: newIDs, id: id)
    }

    /// Merges a full block's `old` entries with a group and shares the run out evenly over as
    /// few blocks as hold it (the block itself first, then new ones, which it returns).
    private mutating func split(
        _ physical: Int, base: Int, old: Int, total: Int, keys newKeys: ArraySlice<UInt64>, rows newRows: ArraySlice<UInt32>,
        ids newIDs: ArraySlice<Int64>, id: (UInt32) -> Int64
    ) -> [Int32] {
        let parts = (total + Self.capacity - 1) / Self.capacity
        var made: [Int32] = [Int32(physical)]
        for _ in 1..<parts {
            made.append(Int32(fill.count))
            appendArenaBlock()
        }
        mergedRun(base: base, old: old, total: total, keys: newKeys, rows: newRows, ids: newIDs, id: id) { rows, keys, mergedRows, mergedKeys in
            var offset = 0
            for (part, block) in made.enumerated() {
                let size = total / parts + (part < total % parts ? 1 : 0)
                let start = Int(block) * Self.capacity
                (rows.baseAddress! + start).update(from: mergedRows.baseAddress! + offset, count: size)
                (keys.baseAddress! + start).update(from: mergedKeys.baseAddress! + offset, count: size)
                offset += size
            }
        }
        for (part, block) in made.enumerated() {
            fill[Int(block)] = Int32(total / parts + (part < total % parts ? 1 : 0))
            sortedFill[Int(block)] = fill[Int(block)]
        }
        return made
    }

    typealias Placement = (
        UnsafeMutableBufferPointer<UInt32>, UnsafeMutableBufferPointer<UInt64>,
        UnsafeMutableBufferPointer<UInt32>, UnsafeMutableBufferPointer<UInt64>
    ) -> Void

    /// Merges a block's `old` entries at `base` with a group into a scratch run of `total`, then
    /// lets `place` copy the run into the arena (arena rows, arena keys, run rows, run keys).
    private mutating func mergedRun(
        base: Int, old: Int, total: Int, keys newKeys: ArraySlice<UInt64>, rows newRows: ArraySlice<UInt32>,
        ids newIDs: ArraySlice<Int64>, id: (UInt32) -> Int64, place: Placement
    ) {
        let mergedRows = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: total)
        let mergedKeys = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: total)
        defer {
            mergedRows.deallocate()
            mergedKeys.deallocate()
        }
        rows.withUnsafeMutableBufferPointer { rows in
            keys.withUnsafeMutableBufferPointer { keys in
                mergedRows.baseAddress!.initialize(from: rows.baseAddress! + base, count: old)
                mergedKeys.baseAddress!.initialize(from: keys.baseAddress! + base, count: old)
                Self.mergeBack(rows: mergedRows, keys: mergedKeys, base: 0, old: old, newKeys: newKeys, newRows: newRows, newIDs: newIDs, id: id)
                place(rows, keys, mergedRows, mergedKeys)
            }
        }
    }

    /// Merges a group into a full block and shares the run with the next block (at slot
    /// `nextSlot`): the two end up holding half each, the next block's entries moved up behind
    /// the ones it takes. Both are left with room, so the deals that follow append to their
    /// tails again: moving only the overflow left the block full, and every later deal into it
    /// cost a merge of both blocks (`almanac-bench deals-merge`: memmove was 15 % of ingest).
    private mutating func balance(
        _ index: Int, next nextSlot: Int, base: Int, old: Int, total: Int, keys newKeys: ArraySlice<UInt64>,
        rows newRows: ArraySlice<UInt32>, ids newIDs: ArraySlice<Int64>, id: (UInt32) -> Int64
    ) {
        let next = Int(list.blocks[nextSlot])
        sortPending(next, id: id)
        let nextBase = next * Self.capacity
        let nextFill = Int(fill[next])
        let keep = (total + nextFill + 1) / 2
        let moved = total - keep
        mergedRun(base: base, old: old, total: total, keys: newKeys, rows: newRows, ids: newIDs, id: id) { rows, keys, mergedRows, mergedKeys in
            (rows.baseAddress! + base).update(from: mergedRows.baseAddress!, count: keep)
            (keys.baseAddress! + base).update(from: mergedKeys.baseAddress!, count: keep)
            (rows.baseAddress! + nextBase + moved).update(from: rows.baseAddress! + nextBase, count: nextFill)
            (keys.baseAddress! + nextBase + moved).update(from: keys.baseAddress! + nextBase, count: nextFill)
            (rows.baseAddress! + nextBase).update(from: mergedRows.baseAddress! + keep, count: moved)
            (keys.baseAddress! + nextBase).update(from: mergedKeys.baseAddress! + keep, count: moved)
        }
        let physical = Int(list.blocks[index])
        (fill[physical], sortedFill[physical]) = (Int32(keep), Int32(keep))
        (fill[next], sortedFill[next]) = (Int32(nextFill + moved), Int32(nextFill + moved))
        list.add(-moved, at: index)
        list.add(moved, at: nextSlot)
        list.firstKeys[index] = keys[base]
        list.firstIDs[index] = id(rows[base])
        list.firstKeys[nextSlot] = keys[nextBase]
        list.firstIDs[nextSlot] = id(rows[nextBase])
    }

    private mutating func appendArenaBlock() {
        rows.append(contentsOf: repeatElement(0, count: Self.capacity))
        keys.append(contentsOf: repeatElement(0, count: Self.capacity))
        fill.append(0)
        sortedFill.append(0)
    }

    private mutating func appendBlock() {
        appendArenaBlock()
        list.append(block: Int32(fill.count - 1), key: 0, id: 0, entries: 0)
        list.renumber()
    }
}
