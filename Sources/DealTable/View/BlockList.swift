import AlmanacCore
import Foundation

/// The order of a view's blocks (`SortedBlocks`): for each block in view order, its number in
/// the arena and its first entry's key and tie, kept in pages (docs/architecture.md §8).
///
/// A slot is a block's place in the order. Page `p` holds slots
/// `[p * pageCapacity, p * pageCapacity + pageFill[p])`; the slots past a page's fill are unused,
/// so a block that splits joins its own page and moves at most a page's slots. Only a full page
/// splits, moving the pages after it — once in about `pageCapacity / 4` block splits. Each slot
/// and each page count their entries, so a merge adds to two counts and a position is a binary
/// search over the pages, then a walk along one page's counts (1 KB, read in order).
///
/// Why pages: with one flat list, every merge moved the list after its first split and
/// renumbered every block's start after its first block — O(N / 256) a merge, whatever its
/// size. With pages a merge costs O(pages) for the starts: at 10M deals the 99th percentile of
/// a 100-deal merge went from 0.15–0.20 ms to 0.07–0.08 ms (`almanac-bench deals`).
struct BlockList {
    /// Slots in a page.
    static let pageCapacity = 256
    /// Blocks a built page holds: room for a quarter more before it splits.
    static let buildFill = pageCapacity - pageCapacity / 4

    /// Per slot: the block's number in the arena, its first entry's key and tie, its entries.
    private(set) var blocks: [Int32] = []
    var firstKeys: [UInt64] = []
    var firstIDs: [Int64] = []
    private(set) var counts: [Int32] = []
    /// Slots used in each page (never 0 once the page exists).
    private(set) var pageFill: [Int32] = []
    /// Entries in each page's blocks.
    private var pageCounts: [Int] = []
    /// Entries before each page; the last element is the total. Valid after `renumber()`.
    private(set) var pageStarts: [Int] = [0]
    var total: Int { pageStarts[pageStarts.count - 1] }
    /// Blocks in the list: O(pages).
    var blockCount: Int { pageFill.reduce(0) { $0 + Int($1) } }
    var isEmpty: Bool { pageFill.isEmpty }
    /// One past the last slot (walks over slots skip the unused ones: `isLive`).
    var slotCount: Int { pageFill.count * Self.pageCapacity }

    @inline(__always)
    static func page(_ slot: Int) -> Int { slot / pageCapacity }

    @inline(__always)
    func isLive(_ slot: Int) -> Bool {
        slot % Self.pageCapacity < Int(pageFill[Self.page(slot)])
    }

    /// The slot after `slot` in view order; nil after the last.
    @inline(__always)
    func next(_ slot: Int) -> Int? {
        let page = Self.page(slot)
        if slot + 1 < page * Self.pageCapacity + Int(pageFill[page]) { return slot + 1 }
        return page + 1 < pageFill.count ? (page + 1) * Self.pageCapacity : nil
    }

    // MARK: - Building

    /// Appends a block at the end of the order with `entries` entries; a page takes `buildFill`
    /// blocks before the next begins. Call `renumber()` after the last.
    mutating func append(block: Int32, key: UInt64, id: Int64, entries: Int) {
        if pageFill.isEmpty || Int(pageFill[pageFill.count - 1]) == Self.buildFill { appendPage() }
        let page = pageFill.count - 1
        let slot = page * Self.pageCapacity + Int(pageFill[page])
        (blocks[slot], firstKeys[slot], firstIDs[slot], counts[slot]) = (block, key, id, Int32(entries))
        pageFill[page] += 1
        pageCounts[page] += entries
    }

    private mutating func appendPage() {
        appendSlots(pages: 1)
        pageFill.append(0)
        pageCounts.append(0)
    }

    /// A page's worth of unused slots, `pages` times, at the end.
    private mutating func appendSlots(pages: Int) {
        let count = pages * Self.pageCapacity
        blocks.append(contentsOf: repeatElement(0, count: count))
        firstKeys.append(contentsOf: repeatElement(0, count: count))
        firstIDs.append(contentsOf: repeatElement(0, count: count))
        counts.append(contentsOf: repeatElement(0, count: count))
    }

    /// Room for `blocks` blocks in built pages, so the list never reallocates while it is built.
    mutating func reserve(blocks count: Int) {
        let pages = count / Self.buildFill + 2
        blocks.reserveCapacity(pages * Self.pageCapacity)
        firstKeys.reserveCapacity(pages * Self.pageCapacity)
        firstIDs.reserveCapacity(pages * Self.pageCapacity)
        counts.reserveCapacity(pages * Self.pageCapacity)
        pageFill.reserveCapacity(pages)
        pageCounts.reserveCapacity(pages)
        pageStarts.reserveCapacity(pages + 1)
    }

    // MARK: - Counting

    /// Records `entries` more entries in the block at `slot` (negative: fewer).
    @inline(__always)
    mutating func add(_ entries: Int, at slot: Int) {
        counts[slot] += Int32(entries)
        pageCounts[Self.page(slot)] += entries
    }

    /// Recomputes each page's start from the counts: O(pages).
    mutating func renumber() {
        if pageStarts.count != pageCounts.count + 1 {
            pageStarts = [Int](repeating: 0, count: pageCounts.count + 1)
        }
        var total = 0
        for page in pageCounts.indices {
            pageStarts[page] = total
            total += pageCounts[page]
        }
        pageStarts[pageCounts.count] = total
    }

    // MARK: - Finding

    /// The slot holding an ascending position and the position of that slot's first entry;
    /// the last slot when `position` is past the end.
    func locate(_ position: Int) -> (slot: Int, start: Int) {
        var (low, high) = (0, pageFill.count - 1)
        while low < high {  // the last page starting at or before `position`
            let mid = (low + high + 1) >> 1
            if pageStarts[mid] <= position { low = mid } else { high = mid - 1 }
        }
        var start = pageStarts[low]
        let first = low * Self.pageCapacity
        let end = first + Int(pageFill[low])
        for slot in first..<end - 1 {
            let entries = Int(counts[slot])
            if position < start + entries { return (slot, start) }
            start += entries
        }
        return (end - 1, start)
    }

    /// The position of the first entry of the block at `slot`.
    func start(of slot: Int) -> Int {
        let page = Self.page(slot)
        return pageStarts[page] + counts[page * Self.pageCapacity..<slot].reduce(0) { $0 + Int($1) }
    }

    /// The last slot (at or after `from`) whose first entry is not after (key, id); `from`
    /// itself when none is. Gallops over pages' first blocks, then searches one page.
    func target(_ key: UInt64, _ id: Int64, from: Int) -> Int {
        let fromPage = Self.page(from)
        var (low, high, step) = (fromPage, fromPage + 1, 1)
        let pages = pageFill.count
        while high < pages, !Self.less(key, id, firstKeys[high * Self.pageCapacity], firstIDs[high * Self.pageCapacity]) {
            low = high
            high += step
            step <<= 1
        }
        high = min(high, pages)
        while high - low > 1 {  // the page is in [low, high)
            let mid = (low + high) >> 1
            if Self.less(key, id, firstKeys[mid * Self.pageCapacity], firstIDs[mid * Self.pageCapacity]) { high = mid } else { low = mid }
        }
        var first = low == fromPage ? from : low * Self.pageCapacity
        var end = low * Self.pageCapacity + Int(pageFill[low])
        // firstKeys[first] ≤ new (or first == from); the answer is in [first, end).
        while end - first > 1 {
            let mid = (first + end) >> 1
            if Self.less(key, id, firstKeys[mid], firstIDs[mid]) { end = mid } else { first = mid }
        }
        return first
    }

    @inline(__always)
    static func less(_ key: UInt64, _ id: Int64, _ otherKey: UInt64, _ otherID: Int64) -> Bool {
        key < otherKey || (key == otherKey && id < otherID)
    }

    // MARK: - Splitting

    /// Puts `made` (a block that split: itself first, then its new blocks, each with its first
    /// key, tie and entries) in place of the block at `slot`. All their entries must already be
    /// counted at `slot` (`add`). Slots before `slot` do not move, so several splits go in from
    /// the last back.
    mutating func replace(_ slot: Int, with made: [Entry]) {
        let page = Self.page(slot)
        let base = page * Self.pageCapacity
        let used = Int(pageFill[page])
        let local = slot - base
        let total = used - 1 + made.count
        if total <= Self.pageCapacity {
            let after = used - local - 1
            move(from: slot + 1, to: slot + made.count, count: after)
            for (offset, entry) in made.enumerated() { set(slot + offset, entry) }
            pageFill[page] = Int32(total)
            return
        }
        // The page overflows: the slots before `slot` stay where they are (an earlier split in
        // this page is still to come); the new blocks and the ones after them go on in this
        // page up to `buildFill`, then evenly over as few new pages as hold them.
        var rest = made
        rest += (slot + 1..<base + used).map { (blocks[$0], firstKeys[$0], firstIDs[$0], Int(counts[$0])) }
        let here = max(0, Self.buildFill - local)
        let spill = rest.count - here
        let parts = (spill + Self.buildFill - 1) / Self.buildFill
        insertPages(parts, after: page)
        for (offset, entry) in rest[..<here].enumerated() { set(slot + offset, entry) }
        pageFill[page] = Int32(local + here)
        var offset = here
        for part in 1...parts {
            let size = spill / parts + (part - 1 < spill % parts ? 1 : 0)
            var entries = 0
            for index in 0..<size {
                set((page + part) * Self.pageCapacity + index, rest[offset + index])
                entries += rest[offset + index].entries
            }
            pageFill[page + part] = Int32(size)
            // Moved out of this page, whose count still holds the entries of splits before `slot`
            // that are still to go in.
            pageCounts[page + part] = entries
            pageCounts[page] -= entries
            offset += size
        }
    }

    /// Inserts `count` empty pages after `page`, moving the pages after it up.
    private mutating func insertPages(_ count: Int, after page: Int) {
        guard count > 0 else { return }
        let pages = pageFill.count
        appendSlots(pages: count)
        let from = (page + 1) * Self.pageCapacity
        move(from: from, to: from + count * Self.pageCapacity, count: (pages - page - 1) * Self.pageCapacity)
        pageFill.insert(contentsOf: repeatElement(0, count: count), at: page + 1)
        pageCounts.insert(contentsOf: repeatElement(0, count: count), at: page + 1)
    }

    /// A block's place in the order: its number, first key and tie, and entries.
    typealias Entry = (block: Int32, key: UInt64, id: Int64, entries: Int)

    @inline(__always)
    private mutating func set(_ slot: Int, _ entry: Entry) {
        (blocks[slot], firstKeys[slot], firstIDs[slot], counts[slot]) = (entry.block, entry.key, entry.id, Int32(entry.entries))
    }

    /// Moves `count` slots from `from` to `to` (the ranges may overlap).
    private mutating func move(from: Int, to: Int, count: Int) {
        guard count > 0, from != to else { return }
        Self.move(&blocks, from: from, to: to, count: count)
        Self.move(&firstKeys, from: from, to: to, count: count)
        Self.move(&firstIDs, from: from, to: to, count: count)
        Self.move(&counts, from: from, to: to, count: count)
    }

    private static func move<T>(_ array: inout [T], from: Int, to: Int, count: Int) {
        array.withUnsafeMutableBufferPointer { (buffer: inout UnsafeMutableBufferPointer<T>) in
            (buffer.baseAddress! + to).update(from: buffer.baseAddress! + from, count: count)
        }
    }
}
