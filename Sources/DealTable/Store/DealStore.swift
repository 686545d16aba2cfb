import AlmanacCore
import Foundation
import Synchronization

/// All deals and a view always sorted by one column, ascending or descending, ties broken by id.
///
/// Rows live in compact columns (`DealColumns`, 35 bytes a row). The view (`SortedBlocks`) holds
/// row numbers with their order-preserving `UInt64` keys in ascending (key, id) order, in blocks,
/// so merging a frame's deals costs in proportion to the frame, not the table. Descending reads
/// the same order backwards, so flipping is O(1) — and equal keys then show the higher id first
/// (descending is the exact reverse of ascending, ties included). Switching the column re-sorts
/// once: a stable radix sort of row numbers from id order, keys read from the columns.
///
/// Not thread-safe: one owner (the screen or command) calls every method; deals arriving on
/// other threads wait in a `DealInbox`. A re-sort can run on its own thread over a snapshot of
/// the columns (`sortInBackground`) while the owner keeps merging and drawing the old order.
package final class DealStore {
    var columns = DealColumns()
    var view = SortedBlocks()
    /// Rows expected in all (the stream's length when known), so nothing reallocates.
    var expected = 0
    /// Rows in the view: rows `0..<merged` of the columns. Only after a background re-sort lands
    /// can rows past it wait (`backlog`), merged a chunk a frame by `catchUp`.
    var merged = 0
    /// The filter shown and its view: the rows of `view` it passes, in the same order, for rows
    /// `0..<merged` of the columns (`DealStore+Filtering.swift`); nil: no filter.
    var filtering: FilteredView?
    /// A filter being built (scanned a chunk a frame, sorted off the thread); the shown view
    /// stays until it lands.
    var filterJob: FilterJob?
    /// Where the background re-sort is (`Resorting`): one at a time, so a burst of sort keys
    /// never runs several sorts (and their copies) at once.
    var resorting = Resorting.idle
    /// Views and arrays let go since the last `step`, freed off the frame (`releaseDiscarded`).
    var discarded = Discards()
    /// Frees and big jobs off the drawing thread, this store's own.
    let memory = MemoryJobs()
    /// Faults in the pages the columns and the view grow into next, this store's own.
    let faulter = PageFaulter()
    /// Totals of every row received.
    var allTotals = DealTotals()
    /// Called on the sorting thread as a re-sort or a filter's sort lands, so the frame loop
    /// wakes for it instead of drawing frames to look (`DealFeed.onArrival`); nil: nobody sleeps.
    package var onJobLanded: (@Sendable () -> Void)?

    /// The background re-sort, from asked for to shown (docs/architecture.md §5).
    enum Resorting {
        /// None runs or waits.
        case idle
        /// A re-sort runs whose view is wanted; `finishSort` installs it.
        case running(Resort)
        /// A re-sort runs (or ended) whose view nobody wants any more; `next`, when set, is the
        /// column to sort by once it ends (never two at once).
        case superseded(Job<SortedBlocks>, next: DealColumn?)
        /// A re-sort landed while a filter is on: held until the filter is built for its order.
        case landed(Landed)

        /// The column the table is moving to, while a re-sort runs or waits.
        var column: DealColumn? {
            switch self {
            case .idle, .superseded(_, next: nil): nil
            case .running(let resort): resort.column
            case .superseded(_, next: let column?): column
            case .landed(let landed): landed.column
            }
        }

        /// The sorting thread's job, while one runs or has not been looked at since it ended.
        var job: Job<SortedBlocks>? {
            switch self {
            case .idle, .landed: nil
            case .running(let resort): resort.result
            case .superseded(let job, _): job
            }
        }

        /// The landed view waiting for its filter, if one waits.
        var landed: Landed? {
            if case .landed(let landed) = self { return landed }
            return nil
        }
    }

    /// A landed re-sort's view, the rows it covers and its column.
    struct Landed {
        var view: SortedBlocks
        let rows: Int
        let column: DealColumn
    }

    /// A re-sort running off the owner's thread: its column, the rows and instruments it covers,
    /// whether ties were row numbers when it began, and where its view lands.
    struct Resort {
        let column: DealColumn
        let rows, names: Int
        let tiesByRow: Bool
        let result: Job<SortedBlocks>
    }

    /// The column rows are sorted by.
    package internal(set) var column: DealColumn = .date
    /// Newest first by default.
    package internal(set) var descending = true

    /// An empty table sorted by `column`.
    package init(column: DealColumn = .date, descending: Bool = true) {
        self.column = column
        self.descending = descending
    }

    /// The faulting thread ends with its store.
    deinit { faulter.stop() }

    /// This store's gate for big jobs, for a summary built on another thread (`BigJobs`).
    package var bigJobs: BigJobs { BigJobs(memory: memory) }

    /// Rows in the view shown (the filtered one when a filter is on).
    package var count: Int { shown.count }

    /// Rows in the table, whatever the filter.
    package var unfilteredCount: Int { view.count }

    /// Rows appended so far (merged into the view or waiting as its backlog).
    package var rowCount: Int { columns.count }

    /// The view read: the filtered one when a filter is on.
    var shown: SortedBlocks { filtering?.view ?? view }

    /// Bytes held per row when the view's blocks are full: the columns and one view entry
    /// (row number and key). Splits leave blocks between half and completely full.
    package static let bytesPerRow = DealColumns.bytesPerRow + 4 + 8

    /// Blocks in the view (for the benchmark).
    package var blockCount: Int { view.blockCount }

    // MARK: - Ingest

    /// Adds deals and merges them into the sorted view.
    package func append(_ deals: [Deal]) {
        append(batches: [deals])
    }

    /// Adds several batches with one merge: the new rows are sorted among themselves by
    /// (key, id) and merged block by block. The table is never re-sorted.
    package func append(batches: [[Deal]]) {
        let first = columns.count
        let total = batches.reduce(0) { $0 + $1.count }
        guard total > 0 else { return }
        if first + total > expected { reserveCapacity(max(first + total, expected + expected / 2)) }
        var newName = false
        let tiesByRow = columns.idsAscending
        for batch in batches {
            for deal in batch where columns.append(deal) { newName = true }
        }
        columns.faultAhead(faulter)
        if tiesByRow, !columns.idsAscending { retie() }
        allTotals.add(first..<columns.count, of: columns)
        if newName {
            columns.recomputeRanks()
            filtering?.matcher.refresh(names: columns.names)
            filterJob?.matcher.refresh(names: columns.names)
        }
        if newName, column == .instrument {
            rebuild()
            return
        }
        mergeRows(upTo: columns.count)
    }

    /// Rows still waiting to enter the view (after a background re-sort landed) or the
    /// filtered view (after a filter landed).
    package var backlog: Int { columns.count - merged + (filtering.map { merged - $0.merged } ?? 0) }

    /// Merges up to `limit` waiting rows into the view, else into the filtered view; returns how many.
    @discardableResult
    package func catchUp(limit: Int) -> Int {
        let before = merged
        if columns.count > merged {
            mergeRows(upTo: min(columns.count, merged + max(1, limit)))
            return merged - before
        }
        return catchUpFilter(limit: limit)
    }

    /// Merges rows `merged..<end` (already in the columns) into the view: sorted among themselves
    /// by (key, id), then block by block.
    private func mergeRows(upTo end: Int) {
        let first = merged
        // A filter walking the view holds it still: the rows wait as a backlog (`catchUp`).
        guard first < end, !(filterJob?.holdsView ?? false) else { return }
        merged = end
        let (rows, keys) = sortedRows(first..<end)
        view.insert(keys: keys, rows: rows, id: columns.tie)
        view.faultAhead(faulter)
        if filtering?.merged == first { insertFiltered(rows: rows, keys: keys, upTo: end) }
    }

    /// Rows `range` of the columns sorted by (key, id) for the current column, with their keys.
    func sortedRows(_ range: Range<Int>) -> (rows: [UInt32], keys: [UInt64]) {
        let columns = self.columns  // one copy for the loops, not one per row
        var rows = range.map { UInt32($0) }
        if !columns.idsAscending {  // otherwise arrival order already is id order
            var idKeys = rows.map { RadixSort.orderedBits(columns.ids[Int($0)]) }
            RadixSort.sort(keys: &idKeys, rows: &rows)
        }
        let column = self.column
        var keys = rows.map { columns.key(Int($0), column) }
        RadixSort.sort(keys: &keys, rows: &rows)
        return (rows, keys)
    }

    /// Room for `total` rows up front (when the stream's length is known), so growth never
    /// doubles the memory.
    package func reserveCapacity(_ total: Int) {
        expected = max(expected, total)
        columns.reserve(total)
        view.reserve(total)
        // Before any frame: the buffers are noted, and the faulting thread starts.
        columns.faultAhead(faulter)
        view.faultAhead(faulter)
        faulter.start()
    }

    // MARK: - Reading

    func ascending(_ position: Int) -> Int {
        descending ? shown.count - 1 - position : position
    }

    /// The row number shown at a view position (0 = top).
    package func row(atPosition position: Int) -> Int {
        Int(shown.row(at: ascending(position), id: columns.tie))
    }

    /// The deal shown at a view position.
    package func deal(atPosition position: Int) -> Deal {
        deal(row: row(atPosition: position))
    }

    /// The deal stored as row `row` (arrival order, 0-based; must be below the rows received).
    package func deal(row: Int) -> Deal {
        columns.deal(row)
    }

    /// Up to `count` deals from view position `offset`.
    package func window(offset: Int, count: Int) -> [Deal] {
        let start = max(0, min(offset, shown.count))
        let end = min(shown.count, start + max(0, count))
        guard start < end else { return [] }
        return columns.deals(rowsShown(from: start, to: end))
    }

    /// The rows at display positions `from..<to` of the view shown, in display order.
    func rowsShown(from: Int, to: Int) -> [UInt32] {
        let view = shown
        guard descending else { return view.rows(from: from, to: to, id: columns.tie) }
        return view.rows(from: view.count - to, to: view.count - from, id: columns.tie).reversed()
    }

    /// Where a row stands in the view now (to keep it in place while paused).
    package func position(ofRow row: Int) -> Int {
        let position = shown.position(key: columns.key(row, column), id: columns.tie(row), idOf: columns.tie)
        return ascending(position)
    }
}

/// Runs a big job of one store's — a summary of the whole view — the way its own re-sorts and
/// filter sorts run (`MemoryJobs.heavyJob`): one at a time, after the frees under way, so their
/// memory never stacks (a summary under a filter holds its passing rows as bits: 1.25 MB at 10M).
package struct BigJobs: Sendable {
    let memory: MemoryJobs

    /// Runs `build` on the calling thread, a background one, once no other big job runs.
    package func run<Built: Sendable>(_ build: () -> Built) -> Built { memory.heavyJob(build) }
}
