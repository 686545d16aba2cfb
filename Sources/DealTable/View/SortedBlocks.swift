import AlmanacCore
import Foundation

/// The sorted view of the deals table: row numbers with their sort keys in ascending (key, id)
/// order, kept in blocks of at most `capacity` entries. Every `id:` closure gives a row's
/// tie-breaker in id order (`DealColumns.tie`: the row number itself while ids arrive in order).
///
/// Why blocks: a flat sorted array moves the whole tail on every merge, so a frame's cost grows
/// with the table (27 ms at 5M, 188 ms at 10M, measured). Here a frame's new entries, sorted
/// among themselves, are grouped by the block they belong in and merged into that block only;
/// a full block splits. The blocks' order is a `BlockList` in pages, each counting its entries,
/// so a frame costs O(k · log N + touched blocks · capacity + pages) — it depends on the batch,
/// not on the table — and any view position is found by a binary search over pages, then a
/// walk along one page.
///
/// Blocks live side by side in one arena (`capacity` slots each); a split only appends a block
/// and puts it in its page of the list. Memory is 12 bytes an entry plus the unfilled part of
/// the blocks (a rebuild fills them; splits leave them half full) and about 35 bytes a block.
struct SortedBlocks {
    static let capacity = 256
    /// Entries a built block holds: 15/16 of `capacity`, so the first deals merged into a
    /// freshly built view (a re-sort's, a filter's) fit without splitting every block they
    /// touch — a split costs a new block and a copy, and a frame's worth of them at 10M was
    /// 2.3 ms, measured. The room costs under a byte a row.
    static let buildFill = capacity - capacity / 16

    /// Most entries a block keeps unsorted at its end (`SortedBlocks+Merging.swift`).
    static let pendingLimit = 64

    /// Free slots a block and the next must keep between them for a full block to share its
    /// entries with the next rather than split (`SortedBlocks+Merging.swift`).
    static let balanceRoom = 32

    // MARK: Storage
    // Written only by SortedBlocks' own files (this one, +Merging, +Reading).

    /// Arena: block `p` holds entries `[p * capacity, p * capacity + fill[p])`; the first
    /// `sortedFill[p]` are in (key, id) order, the rest (at most `pendingLimit`) arrived since
    /// and are not yet, but belong in this block and sort after its first entry.
    var rows: [UInt32] = []
    var keys: [UInt64] = []
    var fill: [Int32] = [], sortedFill: [Int32] = []
    /// The blocks in view order, with each one's first key and tie, in pages.
    var list = BlockList()
    /// How far ahead of the arena's end its pages are being faulted in (`PageFaulter`).
    private var rowsAhead = FaultAhead(), keysAhead = FaultAhead()

    var count: Int { list.total }
    var blockCount: Int { list.blockCount }
    /// One past the last slot of the list: walks take slot ranges within `0..<slotCount`.
    var slotCount: Int { list.slotCount }

    // MARK: - Building

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
        // The laid-out blocks take 2 MB pages (merges read them all over); the room past them
        // keeps small pages, so a split growing the arena never zeroes 2 MB in a frame (4 ms
        // here, measured).
        HugePages.advise(&rows, count: rows.count)
        HugePages.advise(&keys, count: keys.count)
        spread(blockTotal, entries: n)
        fill.reserveCapacity(blockTotal * 2)
        sortedFill.reserveCapacity(blockTotal * 2)
        list.reserve(blocks: blockTotal)
        for block in 0..<blockTotal {
            let first = block * Self.capacity
            fill.append(Int32(min(Self.buildFill, n - block * Self.buildFill)))
            sortedFill.append(fill[block])
            list.append(block: Int32(block), key: keys[first], id: id(Int(rows[first])), entries: Int(fill[block]))
        }
        list.renumber()
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
    /// (a view built off the owner's thread, with no columns at hand), `buildFill` in a block.
    /// - Parameter reserve: entries expected in all, so the arena never reallocates.
    mutating func build(_ sorted: [UInt32], keys sortedKeys: [UInt64], ids sortedIDs: [Int64], reserve: Int) {
        clear()
        let slots = Self.slots(max(reserve, sorted.count))
        rows.reserveCapacity(slots)
        keys.reserveCapacity(slots)
        rows.append(contentsOf: sorted)
        keys.append(contentsOf: sortedKeys)
        var block = 0  // `layOut` asks for the id of each block's first entry, blocks in order
        layOut(
            sorted.count,
            id: { _ in
                defer { block += 1 }
                return sortedIDs[block * Self.buildFill]
            }, reserve: reserve)
    }

    /// Takes each block's first tie afresh from `id` (when what breaks ties changes:
    /// `DealStore.retie`).
    /// In two passes of loads that do not depend on each other (every block's first row, then
    /// each one's tie), so their cache misses overlap.
    mutating func retie(_ id: (UInt32) -> Int64) {
        let slots = (0..<list.slotCount).filter { list.isLive($0) && fill[Int(list.blocks[$0])] > 0 }
        let firstRows = slots.map { rows[Int(list.blocks[$0]) * Self.capacity] }
        for (slot, row) in zip(slots, firstRows) { list.firstIDs[slot] = id(row) }
    }

    /// Drops everything and gives the memory back.
    mutating func clear() {
        rows = []
        keys = []
        fill = []
        sortedFill = []
        list = BlockList()
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

    /// Has the pages the arena grows into next faulted in off this thread, by `faulter`.
    mutating func faultAhead(_ faulter: PageFaulter) {
        rowsAhead.wrote(rows, faulter: faulter)
        keysAhead.wrote(keys, faulter: faulter)
    }

    /// Where `touch` leaves its sum, so the loads are not optimised away.
    var touched: UInt64 = 0
}
