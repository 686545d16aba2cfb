import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
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
public final class DealStore {
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
    /// A re-sort that landed while a filter is on: held until the filter is built for its column.
    var pendingView: (view: SortedBlocks, rows: Int, column: DealColumn)?
    /// Views and arrays let go since the last `step`, freed off the frame (`releaseDiscarded`).
    var discarded = Discards()
    /// Totals of every row received.
    var allTotals = DealTotals()
    /// The filter-sorting thread running, wanted or not (one at a time).
    var filterSortInFlight: FilterJob.SortResult?
    /// A re-sort running off the owner's thread: its column, the rows and instruments it covers.
    private var resort: (column: DealColumn, rows: Int, names: Int, tiesByRow: Bool, result: Handoff)?
    /// The re-sort thread running, wanted or not: one at a time, so a burst of sort keys never
    /// runs several sorts (and their copies) at once.
    private var sortInFlight: Handoff?
    /// A re-sort asked for while another thread still runs: started when it ends.
    private var queuedSort: DealColumn?

    /// What a background re-sort passes back: the view, once built.
    private final class Handoff: Sendable {
        let view = Mutex<SortedBlocks?>(nil)
        let finished = Mutex(false)

        var done: Bool { finished.withLock { $0 } }
    }

    /// The column rows are sorted by.
    public internal(set) var column: DealColumn = .date
    /// Newest first by default.
    public private(set) var descending = true

    /// An empty table sorted by `column`.
    public init(column: DealColumn = .date, descending: Bool = true) {
        self.column = column
        self.descending = descending
    }

    /// Rows in the view shown (the filtered one when a filter is on).
    public var count: Int { shown.count }

    /// Rows in the table, whatever the filter.
    public var unfilteredCount: Int { view.count }

    /// Rows appended so far (merged into the view or waiting as its backlog).
    public var rowCount: Int { columns.count }

    /// The view read: the filtered one when a filter is on.
    var shown: SortedBlocks { filtering?.view ?? view }

    /// Bytes held per row when the view's blocks are full: the columns and one view entry
    /// (row number and key). Splits leave blocks between half and completely full.
    public static let bytesPerRow = DealColumns.bytesPerRow + 4 + 8

    /// Blocks in the view (for the benchmark).
    public var blockCount: Int { view.blockCount }

    // MARK: - Ingest

    /// Adds deals and merges them into the sorted view.
    public func append(_ deals: [Deal]) {
        append(batches: [deals])
    }

    /// Adds several batches with one merge: the new rows are sorted among themselves by
    /// (key, id) and merged block by block. The table is never re-sorted.
    public func append(batches: [[Deal]]) {
        let first = columns.count
        let total = batches.reduce(0) { $0 + $1.count }
        guard total > 0 else { return }
        if first + total > expected { reserveCapacity(max(first + total, expected + expected / 2)) }
        var newName = false
        let tiesByRow = columns.idsAscending
        for batch in batches {
            for deal in batch where columns.append(deal) { newName = true }
        }
        columns.faultAhead()
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
    public var backlog: Int { columns.count - merged + (filtering.map { merged - $0.merged } ?? 0) }

    /// Merges up to `limit` waiting rows into the view, else into the filtered view; returns how many.
    @discardableResult
    public func catchUp(limit: Int) -> Int {
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
    public func reserveCapacity(_ total: Int) {
        expected = max(expected, total)
        columns.reserve(total)
        view.reserve(total)
        // Before any frame: the buffers are noted, and the faulting thread starts.
        columns.faultAhead()
        view.faultAhead()
        PageFaulter.shared.start()
    }

    // MARK: - Sorting

    /// Sorts the view by another column (one radix sort); same column: no work.
    public func sort(by column: DealColumn) {
        resort = nil
        queuedSort = nil
        discard(pendingView?.view)
        pendingView = nil
        guard column != self.column else { return }
        self.column = column
        rebuild()
    }

    /// The column a background re-sort is moving to, while it runs.
    public var sortingTo: DealColumn? { queuedSort ?? resort?.column ?? pendingView?.column }

    /// Starts re-sorting by `column` on its own thread, over the rows there are now; returns at
    /// once. The view keeps its order (and keeps merging) until `finishSort()` finds it done.
    public func sortInBackground(by column: DealColumn) {
        guard column != sortingTo ?? self.column else { return }
        if pendingView != nil {  // a landed re-sort waiting for its filter: superseded
            discard(pendingView?.view)
            pendingView = nil
            if let job = filterJob { startFilter(job.filter, column: self.column, end: merged) }
        }
        if column == self.column {
            (resort, queuedSort) = (nil, nil)
            return
        }
        if let running = sortInFlight, !running.done {
            if resort?.column != column { (resort, queuedSort) = (nil, column) }
            return
        }
        startSort(by: column)
    }

    private func startSort(by column: DealColumn) {
        queuedSort = nil
        // A re-sort that finished but was never installed (superseded): its view goes too.
        if let old = sortInFlight { discard(old.view.withLock { $0.take() }) }
        let handoff = Handoff()
        // The rows so far, read in place while the owner keeps appending (`AppendOnlyColumn`).
        let snapshot = columns.sortingSnapshot(for: column)
        let reserve = expected
        resort = (column, columns.count, columns.names.count, columns.idsAscending, handoff)
        BackgroundThread.start {
            Self.heavyJobs.lock()  // one big job's memory at a time (`heavyJobs`)
            defer { Self.heavyJobs.unlock() }
            Self.frees.wait()  // what this re-sort replaces goes back first
            let built = Self.sortedView(snapshot, by: column, reserve: reserve)
            handoff.view.withLock { $0 = built }
            handoff.finished.withLock { $0 = true }
        }
        sortInFlight = handoff
    }

    /// True while a filter walks the view shown (`FilterJob.holdsView`): merges wait, deals stay
    /// in the inbox.
    public var holdsMerges: Bool { filterJob?.holdsView ?? false }

    /// Installs a finished background re-sort and merges the rows that arrived meanwhile;
    /// false while it still runs (or when none was asked for).
    @discardableResult
    public func finishSort() -> Bool {
        if let running = sortInFlight, running.done {
            sortInFlight = nil
            // A superseded re-sort's view is nobody's: freed off the frame like any other.
            if running !== resort?.result { discard(running.view.withLock { $0.take() }) }
            if let queued = queuedSort, resort == nil { startSort(by: queued) }
        }
        guard let resort, var built = resort.result.view.withLock({ $0.take() }) else { return false }
        self.resort = nil
        if resort.tiesByRow, !columns.idsAscending { built.retie(columns.tie) }  // ids stopped arriving in order meanwhile
        if resort.column == .instrument, columns.names.count != resort.names {
            discard(built)
            column = resort.column
            rebuild()  // a new instrument arrived meanwhile: the ranks the sort used are stale
            return true
        }
        if let filter = filterJob?.filter ?? filtering?.matcher.filter {
            // Shown together with the filter built for its order (`finishFilter`).
            pendingView = (built, resort.rows, resort.column)
            startFilter(filter, column: resort.column, end: resort.rows)
            return false
        }
        column = resort.column
        discard(view)
        view = built
        merged = resort.rows  // the rows that came meanwhile go in as a backlog (`DealFeed.pump`)
        return true
    }

    /// The first id out of order arrived: ties are ids from now on (`DealColumns.tie`). The views
    /// kept each block's first row number as its tie; they take the ids (a read a block), and a
    /// filter being built starts over.
    private func retie() {
        let tie: (UInt32) -> Int64 = columns.tie
        view.retie(tie)
        filtering?.view.retie(tie)
        pendingView?.view.retie(tie)
        if let job = filterJob { startFilter(job.filter, column: orderBuilt, end: merged) }
    }

    /// Ascending or descending: O(1), the view is read from the other end.
    public func setDescending(_ descending: Bool) {
        self.descending = descending
    }

    /// Sorts every row by (key, id) from scratch and refills the view (and the filtered view).
    private func rebuild() {
        view.clear()
        view = Self.sortedView(columns, by: column, reserve: expected)
        merged = columns.count
        discard(pendingView?.view)
        pendingView = nil
        if let filter = filterJob?.filter ?? filtering?.matcher.filter { applyFilter(filter) }
    }

    /// A view of every row of `columns` sorted by (key, id) for `column`: one MSD radix sort
    /// whose result becomes the view's arena (`RadixSort.sortedPairs`).
    private static func sortedView(_ columns: DealColumns, by column: DealColumn, reserve: Int) -> SortedBlocks {
        let n = columns.count
        let capacity = SortedBlocks.slots(max(reserve, n))
        var order: [UInt32]?  // rows in id order when row order is not
        if !columns.idsAscending {
            order = columns.ids.withUnsafeBufferPointer { RadixSort.sortedPairs(count: n, order: nil, by: IDKeys(values: $0), capacity: 0).rows }
        }
        func sorted<Keys: RadixKeys>(_ keys: Keys) -> (rows: [UInt32], keys: [UInt64]) {
            RadixSort.sortedPairs(count: n, order: order, by: keys, capacity: capacity)
        }
        let (rows, keys): ([UInt32], [UInt64])
        switch column {
        case .date: (rows, keys) = columns.times.withUnsafeBufferPointer { sorted(DoubleKeys(values: $0)) }
        case .price: (rows, keys) = columns.prices.withUnsafeBufferPointer { sorted(DoubleKeys(values: $0)) }
        case .amount: (rows, keys) = columns.amounts.withUnsafeBufferPointer { sorted(DoubleKeys(values: $0)) }
        case .instrument: (rows, keys) = columns.instruments.withUnsafeBufferPointer { sorted(RankKeys(instruments: $0, ranks: columns.ranks)) }
        case .side: (rows, keys) = columns.sides.withUnsafeBufferPointer { sorted(SideKeys(sides: $0)) }
        }
        order = nil
        var view = SortedBlocks()
        // Consumed, so the view holds the only reference and lays its blocks out without a copy.
        view.build(adopting: consume rows, keys: consume keys, id: columns.tie, reserve: reserve)
        return view
    }

    // MARK: - Reading

    func ascending(_ position: Int) -> Int {
        descending ? shown.count - 1 - position : position
    }

    /// The row number shown at a view position (0 = top).
    public func row(atPosition position: Int) -> Int {
        Int(shown.row(at: ascending(position), id: columns.tie))
    }

    /// The deal shown at a view position.
    public func deal(atPosition position: Int) -> Deal {
        deal(row: row(atPosition: position))
    }

    /// The deal stored as row `row` (arrival order, 0-based; must be below the rows received).
    public func deal(row: Int) -> Deal {
        columns.deal(row)
    }

    /// Up to `count` deals from view position `offset`.
    public func window(offset: Int, count: Int) -> [Deal] {
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
    public func position(ofRow row: Int) -> Int {
        let position = shown.position(key: columns.key(row, column), id: columns.tie(row), idOf: columns.tie)
        return ascending(position)
    }
}
