import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The sorted view of the deals table: row numbers with their sort keys in ascending (key, id)
/// order, kept in blocks of at most `capacity` entries. Every `id:` closure gives a row's
/// tie-breaker in id order (`DealColumns.tie`: the row number itself while ids arrive in order).
///
/// Why blocks: a flat sorted array moves the whole tail on every merge, so a frame's cost grows
/// with the table (27 ms at 5M, 188 ms at 10M, measured). Here a frame's new entries, sorted
/// among themselves, are grouped by the block they belong in and merged into that block only;
/// a full block splits. A frame therefore costs O(k · log N + touched blocks · capacity) plus one
/// pass over the block list (O(N / capacity)) to renumber — it depends on the batch, not on the
/// table. Each block's start in the view is kept, so any view position is found by a binary
/// search over blocks (order statistics), then an index.
///
/// Blocks live side by side in one arena (`capacity` slots each); the logical order is a list of
/// block numbers, so a split only appends a block and rewrites the (small) list. Memory is 12
/// bytes an entry plus the unfilled part of the blocks (a rebuild fills them; splits leave them
/// half full) and about 32 bytes a block.
struct SortedBlocks {
    static let capacity = 256
    /// Entries a built block holds: 15/16 of `capacity`, so the first deals merged into a
    /// freshly built view (a re-sort's, a filter's) fit without splitting every block they
    /// touch — a split costs a new block and a copy, and a frame's worth of them at 10M was
    /// 2.3 ms, measured. The room costs under a byte a row.
    static let buildFill = capacity - capacity / 16

    // MARK: Storage

    /// Arena: block `p` holds entries `[p * capacity, p * capacity + fill[p])`.
    private(set) var rows: [UInt32] = []
    private(set) var keys: [UInt64] = []
    private(set) var fill: [Int32] = []
    /// Block numbers in view order, with each one's first key and id and its start in the view.
    private(set) var blocks: [Int32] = []
    private var firstKeys: [UInt64] = []
    private var firstIDs: [Int64] = []
    /// Entries before each block in view order; the last element is the total.
    private(set) var starts: [Int] = [0]

    var count: Int { starts[starts.count - 1] }
    var blockCount: Int { blocks.count }

    // MARK: - Building

    /// Replaces everything with `sorted` (row numbers in view order), `buildFill` in a block.
    /// `appendKeys` appends the key of each row of `sorted`, in order, straight into the arena
    /// (no separate key array: a re-sort of 10M rows peaks at 12 bytes a row less).
    /// - Parameter reserve: entries expected in all, so the arena never reallocates.
    mutating func build(_ sorted: [UInt32], appendKeys: (inout [UInt64]) -> Void, id: (Int) -> Int64, reserve: Int) {
        clear()
        let n = sorted.count
        let slots = Self.slots(max(reserve, n))
        rows.reserveCapacity(slots)
        keys.reserveCapacity(slots)
        rows.append(contentsOf: sorted)
        appendKeys(&keys)
        layOut(n, id: id, reserve: reserve)
    }

    /// Replaces everything with `sorted` rows and their keys, taking the two arrays as the
    /// arena itself rather than copying them (a re-sort's or a filter's walked rows: 12 bytes a
    /// row less at the moment it lands). Arrays reserved for `slots(reserve)` entries are used
    /// in place. `id` gives the tie of each block's first row.
    mutating func build(adopting sorted: consuming [UInt32], keys sortedKeys: consuming [UInt64], id: (UInt32) -> Int64, reserve: Int) {
        clear()
        let n = sorted.count
        rows = consume sorted
        keys = consume sortedKeys
        layOut(n, id: { id(UInt32($0)) }, reserve: reserve)
    }

    /// As `build(adopting:keys:id:reserve:)`, with the tie of every `buildFill`-th row given
    /// (each block's first, in order).
    mutating func build(adopting sorted: consuming [UInt32], keys sortedKeys: consuming [UInt64], firstIDs: [Int64], reserve: Int) {
        var block = 0  // `layOut` asks for the id of each block's first entry, blocks in order
        build(
            adopting: sorted, keys: sortedKeys,
            id: { _ in
                defer { block += 1 }
                return firstIDs[block]
            }, reserve: reserve)
    }

    /// Lays out the arena's first `n` entries, back to back, as blocks of `buildFill`, with room
    /// reserved for `reserve` entries in all.
    private mutating func layOut(_ n: Int, id: (Int) -> Int64, reserve: Int) {
        let slots = Self.slots(max(reserve, n))
        rows.reserveCapacity(slots)
        keys.reserveCapacity(slots)
        let blockTotal = (n + Self.buildFill - 1) / Self.buildFill
        let padding = blockTotal * Self.capacity - n
        rows.append(contentsOf: repeatElement(0, count: padding))
        keys.append(contentsOf: repeatElement(0, count: padding))
        spread(blockTotal, entries: n)
        fill.reserveCapacity(blockTotal * 2)
        for block in 0..<blockTotal {
            let first = block * Self.capacity
            fill.append(Int32(min(Self.buildFill, n - block * Self.buildFill)))
            blocks.append(Int32(block))
            firstKeys.append(keys[first])
            firstIDs.append(id(Int(rows[first])))
        }
        renumber()
    }

    /// Moves `entries` laid out back to back to `buildFill` a block, each block at its own
    /// `capacity` slots: from the last block back, so nothing is overwritten before it moves.
    private mutating func spread(_ blockTotal: Int, entries n: Int) {
        rows.withUnsafeMutableBufferPointer { rows in
            keys.withUnsafeMutableBufferPointer { keys in
                for block in (0..<blockTotal).reversed() {
                    let (from, to) = (block * Self.buildFill, block * Self.capacity)
                    guard from != to else { continue }
                    let count = min(Self.buildFill, n - from)
                    (rows.baseAddress! + to).update(from: rows.baseAddress! + from, count: count)
                    (keys.baseAddress! + to).update(from: keys.baseAddress! + from, count: count)
                }
            }
        }
    }

    /// Replaces everything with `sorted` rows whose keys and ids are given in the same order
    /// (a view built off the owner's thread, with no columns at hand).
    mutating func build(_ sorted: [UInt32], keys sortedKeys: [UInt64], ids sortedIDs: [Int64], reserve: Int) {
        let firstIDs = stride(from: 0, to: sortedIDs.count, by: Self.buildFill).map { sortedIDs[$0] }
        build(sorted, keys: sortedKeys, firstIDs: firstIDs, reserve: reserve)
    }

    /// Replaces everything with `sorted` rows whose keys are given in the same order, and the id
    /// of every `buildFill`-th row (each block's first).
    mutating func build(_ sorted: [UInt32], keys sortedKeys: [UInt64], firstIDs: [Int64], reserve: Int) {
        var block = 0  // `build` asks for the id of each block's first entry, blocks in order
        build(
            sorted, appendKeys: { $0.append(contentsOf: sortedKeys) },
            id: { _ in
                defer { block += 1 }
                return firstIDs[block]
            }, reserve: reserve)
    }

    /// Takes each block's first tie afresh from `id` (when what breaks ties changes:
    /// `DealStore.retie`).
    mutating func retie(_ id: (UInt32) -> Int64) {
        for index in blocks.indices where fill[Int(blocks[index])] > 0 {
            firstIDs[index] = id(rows[Int(blocks[index]) * Self.capacity])
        }
    }

    /// Drops everything and gives the memory back.
    mutating func clear() {
        rows = []
        keys = []
        fill = []
        blocks = []
        firstKeys = []
        firstIDs = []
        starts = [0]
    }

    /// Room for the arena to grow to `total` entries with half-full blocks, reserved (not
    /// touched) so growth never copies.
    static func slots(_ total: Int) -> Int {
        (total * 2 / capacity + 2) * capacity
    }

    mutating func reserve(_ total: Int) {
        let slots = Self.slots(total)
        guard slots > rows.capacity else { return }
        rows.reserveCapacity(slots)
        keys.reserveCapacity(slots)
    }

    // MARK: - Merging

    /// Merges new entries, sorted ascending by (key, id), into the view.
    mutating func insert(keys newKeys: [UInt64], rows newRows: [UInt32], id: (UInt32) -> Int64) {
        let k = newKeys.count
        guard k > 0 else { return }
        if blocks.isEmpty { appendBlock() }
        let newIDs = newRows.map(id)
        // Group the new entries by the block they belong in.
        var groups: [(block: Int, start: Int, end: Int)] = []
        var block = 0
        var j = 0
        while j < k {
            block = target(newKeys[j], newIDs[j], from: block)
            var end = j + 1
            if block + 1 < blocks.count {
                let nextKey = firstKeys[block + 1]
                let nextID = firstIDs[block + 1]
                while end < k, Self.less(newKeys[end], newIDs[end], nextKey, nextID) { end += 1 }
            } else {
                end = k
            }
            groups.append((block, j, end))
            j = end
        }
        touch(groups.map(\.block))
        var replacements: [(index: Int, made: [Int32])] = []
        for (block, start, end) in groups {
            let made = merge(into: block, keys: newKeys[start..<end], rows: newRows[start..<end], ids: newIDs[start..<end], id: id)
            if made.count > 1 { replacements.append((block, made)) }
        }
        if !replacements.isEmpty { splice(replacements, id: id) }
        renumber(from: groups[0].block)
    }

    /// Reads the tail of every block about to be merged, all at once: the loads do not depend on
    /// each other, so the processor overlaps their cache misses instead of paying them one by
    /// one during the merges (a frame's blocks are scattered across the arena).
    private mutating func touch(_ indices: [Int]) {
        var sink: UInt64 = 0
        rows.withUnsafeBufferPointer { rows in
            keys.withUnsafeBufferPointer { keys in
                for index in indices {
                    let base = Int(blocks[index]) * Self.capacity
                    let used = Int(fill[base / Self.capacity])
                    // One load per 64-byte line: 8 keys, then 16 row numbers.
                    for offset in stride(from: 0, to: used, by: 8) { sink &+= keys[base + offset] }
                    for offset in stride(from: 0, to: used, by: 16) { sink &+= UInt64(rows[base + offset]) }
                }
            }
        }
        touched = sink
    }

    /// Where `touch` leaves its sum, so the loads are not optimised away.
    private var touched: UInt64 = 0

    @inline(__always)
    static func less(_ key: UInt64, _ id: Int64, _ otherKey: UInt64, _ otherID: Int64) -> Bool {
        key < otherKey || (key == otherKey && id < otherID)
    }

    /// The last block (at or after `from`) whose first entry is not after (key, id); `from` itself
    /// when none is. Gallops forward, then searches.
    func target(_ key: UInt64, _ id: Int64, from: Int) -> Int {
        var low = from
        var step = 1
        var high = from + 1
        while high < blocks.count, !Self.less(key, id, firstKeys[high], firstIDs[high]) {
            low = high
            high += step
            step <<= 1
        }
        high = min(high, blocks.count)
        // firstKeys[low] ≤ new (or low == from); the answer is in [low, high).
        while high - low > 1 {
            let mid = (low + high) >> 1
            if Self.less(key, id, firstKeys[mid], firstIDs[mid]) { high = mid } else { low = mid }
        }
        return low
    }

    /// Merges a group into the block at view index `index`; returns the blocks it became (itself
    /// first, then new ones) when it had to split.
    private mutating func merge(
        into index: Int, keys newKeys: ArraySlice<UInt64>, rows newRows: ArraySlice<UInt32>,
        ids newIDs: ArraySlice<Int64>, id: (UInt32) -> Int64
    ) -> [Int32] {
        let physical = Int(blocks[index])
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
            if old == 0 || Self.less(newKeys[newKeys.startIndex], newIDs[newIDs.startIndex], firstKeys[index], firstIDs[index]) {
                firstKeys[index] = newKeys[newKeys.startIndex]
                firstIDs[index] = newIDs[newIDs.startIndex]
            }
            return [Int32(physical)]
        }
        // Merge into a scratch run; then either pass the overflow to the next block when it has
        // room (keeps blocks fuller: about 12 bytes an entry become 15 rather than 18), or share
        // the run out over as few new blocks as fit, evenly.
        let overflow = total - Self.capacity
        if index + 1 < blocks.count, Self.capacity - Int(fill[Int(blocks[index + 1])]) >= overflow {
            shiftIntoNext(index, base: base, old: old, total: total, keys: newKeys, rows: newRows, ids: newIDs, id: id)
            return [Int32(physical)]
        }
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
        for (part, block) in made.enumerated() { fill[Int(block)] = Int32(total / parts + (part < total % parts ? 1 : 0)) }
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

    /// Merges a group into a full block and moves the entries past its capacity to the front
    /// of the next block (which has room for them).
    private mutating func shiftIntoNext(
        _ index: Int, base: Int, old: Int, total: Int, keys newKeys: ArraySlice<UInt64>,
        rows newRows: ArraySlice<UInt32>, ids newIDs: ArraySlice<Int64>, id: (UInt32) -> Int64
    ) {
        let overflow = total - Self.capacity
        let next = Int(blocks[index + 1])
        let nextBase = next * Self.capacity
        let nextFill = Int(fill[next])
        mergedRun(base: base, old: old, total: total, keys: newKeys, rows: newRows, ids: newIDs, id: id) { rows, keys, mergedRows, mergedKeys in
            (rows.baseAddress! + base).update(from: mergedRows.baseAddress!, count: Self.capacity)
            (keys.baseAddress! + base).update(from: mergedKeys.baseAddress!, count: Self.capacity)
            (rows.baseAddress! + nextBase + overflow).update(from: rows.baseAddress! + nextBase, count: nextFill)
            (keys.baseAddress! + nextBase + overflow).update(from: keys.baseAddress! + nextBase, count: nextFill)
            (rows.baseAddress! + nextBase).update(from: mergedRows.baseAddress! + Self.capacity, count: overflow)
            (keys.baseAddress! + nextBase).update(from: mergedKeys.baseAddress! + Self.capacity, count: overflow)
        }
        fill[Int(blocks[index])] = Int32(Self.capacity)
        fill[next] = Int32(nextFill + overflow)
        firstKeys[index] = keys[base]
        firstIDs[index] = id(rows[base])
        firstKeys[index + 1] = keys[nextBase]
        firstIDs[index + 1] = id(rows[nextBase])
    }

    /// Merges sorted new entries into `old` sorted entries at `base`, from the back, in place:
    /// for each new entry, a binary search (in a block `touch` has brought into the cache) finds
    /// the old entries that sort after it, and they move up as one block.
    private static func mergeBack(
        rows: UnsafeMutableBufferPointer<UInt32>, keys: UnsafeMutableBufferPointer<UInt64>, base: Int, old: Int,
        newKeys: ArraySlice<UInt64>, newRows: ArraySlice<UInt32>, newIDs: ArraySlice<Int64>,
        id: (UInt32) -> Int64
    ) {
        var end = base + old  // old entries still unmoved: [base, end)
        var d = base + old + newKeys.count  // one past the next slot to fill
        var j = newKeys.endIndex - 1
        while j >= newKeys.startIndex {
            let key = newKeys[j]
            let newID = newIDs[j]
            var low = base
            var high = end
            while low < high {
                let mid = (low + high) >> 1
                if keys[mid] > key || (keys[mid] == key && id(rows[mid]) > newID) { high = mid } else { low = mid + 1 }
            }
            let run = end - low
            if run > 0 {
                d -= run
                (rows.baseAddress! + d).update(from: rows.baseAddress! + low, count: run)
                (keys.baseAddress! + d).update(from: keys.baseAddress! + low, count: run)
                end = low
            }
            d -= 1
            rows[d] = newRows[j]
            keys[d] = key
            j -= 1
        }
    }

    private mutating func appendArenaBlock() {
        rows.append(contentsOf: repeatElement(0, count: Self.capacity))
        keys.append(contentsOf: repeatElement(0, count: Self.capacity))
        fill.append(0)
    }

    private mutating func appendBlock() {
        appendArenaBlock()
        blocks.append(Int32(fill.count - 1))
        firstKeys.append(0)
        firstIDs.append(0)
    }

    /// Puts every split's new blocks into the block list in place (`replacements` in increasing
    /// index order), working from the back: only the entries after the first split move, once,
    /// so a frame that splits near the end (deals in date order) costs next to nothing.
    private mutating func splice(_ replacements: [(index: Int, made: [Int32])], id: (UInt32) -> Int64) {
        let extra = replacements.reduce(0) { $0 + $1.made.count - 1 }
        let old = blocks.count
        blocks.append(contentsOf: repeatElement(0, count: extra))
        firstKeys.append(contentsOf: repeatElement(0, count: extra))
        firstIDs.append(contentsOf: repeatElement(0, count: extra))
        var write = old + extra  // one past the next slot to fill
        var read = old  // one past the old entries not yet moved
        for (index, made) in replacements.reversed() {
            let run = read - (index + 1)
            write -= run
            Self.move(&blocks, from: index + 1, to: write, count: run)
            Self.move(&firstKeys, from: index + 1, to: write, count: run)
            Self.move(&firstIDs, from: index + 1, to: write, count: run)
            write -= made.count
            for (offset, block) in made.enumerated() {
                let first = Int(block) * Self.capacity
                blocks[write + offset] = block
                firstKeys[write + offset] = keys[first]
                firstIDs[write + offset] = id(rows[first])
            }
            read = index
        }
    }

    /// Moves `count` elements of `array` from `from` to `to` (the ranges may overlap).
    private static func move<T>(_ array: inout [T], from: Int, to: Int, count: Int) {
        guard count > 0, from != to else { return }
        array.withUnsafeMutableBufferPointer { (buffer: inout UnsafeMutableBufferPointer<T>) in
            (buffer.baseAddress! + to).update(from: buffer.baseAddress! + from, count: count)
        }
    }

    /// Recomputes each block's start in the view from block `from` on (the blocks before it did
    /// not change).
    private mutating func renumber(from: Int = 0) {
        if starts.count < blocks.count + 1 { starts.append(contentsOf: repeatElement(0, count: blocks.count + 1 - starts.count)) }
        if starts.count > blocks.count + 1 { starts.removeLast(starts.count - blocks.count - 1) }
        var total = starts[from]
        starts.withUnsafeMutableBufferPointer { starts in
            fill.withUnsafeBufferPointer { fill in
                blocks.withUnsafeBufferPointer { blocks in
                    for index in from..<blocks.count {
                        starts[index] = total
                        total += Int(fill[Int(blocks[index])])
                    }
                    starts[blocks.count] = total
                }
            }
        }
    }
}
