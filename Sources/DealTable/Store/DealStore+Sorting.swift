import AlmanacCore
import Foundation
import Synchronization

/// Sorting the table: at once, or on a thread of its own while the frames go on (docs/architecture.md §5, §8).
extension DealStore {
    // MARK: - Sorting

    /// Sorts the view by another column (one radix sort); same column: no work.
    package func sort(by column: DealColumn) {
        dropResort()
        guard column != self.column else { return }
        self.column = column
        rebuild()
    }

    /// The column a background re-sort is moving to, while it runs.
    package var sortingTo: DealColumn? { resorting.column }

    /// Starts re-sorting by `column` on its own thread, over the rows there are now; returns at
    /// once. The view keeps its order (and keeps merging) until `finishSort()` finds it done.
    package func sortInBackground(by column: DealColumn) {
        guard column != sortingTo ?? self.column else { return }
        if resorting.landed != nil {  // a landed re-sort waiting for its filter: superseded
            dropResort()
            if let job = filterJob { startFilter(job.filter, column: self.column, end: merged) }
        }
        if column == self.column { return dropResort() }
        if let running = resorting.job, !running.done {
            resorting = .superseded(running, next: column)
            return
        }
        startSort(by: column)
    }

    /// Nobody wants the re-sort's view any more: one running goes on unwanted (and is freed
    /// when it ends), one landed goes.
    private func dropResort() {
        switch resorting {
        case .idle: break
        case .running(let resort): resorting = .superseded(resort.result, next: nil)
        case .superseded(let job, _): resorting = .superseded(job, next: nil)
        case .landed(let landed):
            resorting = .idle
            discard(landed.view)
        }
    }

    private func startSort(by column: DealColumn) {
        // A re-sort that finished but was never installed (superseded): its view goes too.
        discard(resorting.job)
        // The rows so far, read in place while the owner keeps appending (`AppendOnlyColumn`).
        let snapshot = columns.sortingSnapshot(for: column)
        let reserve = expected
        let job = Job.start(wake: onJobLanded) { [memory] in
            // One big job's memory at a time, after what it replaces has gone back.
            memory.heavyJob { Self.sortedView(snapshot, by: column, reserve: reserve) }
        }
        resorting = .running(
            Resort(column: column, rows: columns.count, names: columns.names.count, tiesByRow: columns.idsAscending, result: job))
    }

    /// True while a filter walks the view shown (`FilterJob.holdsView`): merges wait, deals stay
    /// in the inbox.
    package var holdsMerges: Bool { filterJob?.holdsView ?? false }

    /// Returns once the sort running behind the table (a re-sort, a filter's sort) has ended, at
    /// once when none runs: what a caller that merges everything awaits instead of polling
    /// (`DealFeed.drain`); the next `step` lands its result.
    package func sortsEnded() async {
        let jobs = [resorting.job, filterJob?.sorted, filterJob?.after].compactMap(\.self) + discarded.landing
        for job in jobs where !job.done { _ = await job.result() }
    }

    /// Installs a finished background re-sort and merges the rows that arrived meanwhile;
    /// false while it still runs (or when none was asked for).
    @discardableResult
    package func finishSort() -> Bool {
        switch resorting {
        case .superseded(let job, let next):
            guard job.done else { return false }
            // A superseded re-sort's view is nobody's: freed off the frame like any other.
            discard(job)
            resorting = .idle
            if let next { startSort(by: next) }
            return false
        case .running(let resort):
            guard let built = resort.result.take() else { return false }
            resorting = .idle
            return install(built, from: resort)
        case .idle, .landed: return false
        }
    }

    /// Shows a re-sort's view, or holds it for the filter on (`Resorting.landed`); false when
    /// held.
    private func install(_ built: SortedBlocks, from resort: Resort) -> Bool {
        var built = built
        if resort.tiesByRow, !columns.idsAscending { built.retie(columns.tie) }  // ids stopped arriving in order meanwhile
        if resort.column == .instrument, columns.names.count != resort.names {
            discard(built)
            column = resort.column
            rebuild()  // a new instrument arrived meanwhile: the ranks the sort used are stale
            return true
        }
        if let filter = filterJob?.filter ?? filtering?.matcher.filter {
            // Shown together with the filter built for its order (`finishFilter`).
            resorting = .landed(Landed(view: built, rows: resort.rows, column: resort.column))
            startFilter(filter, column: resort.column, end: resort.rows)
            return false
        }
        column = resort.column
        discard(view)
        view = built
        merged = resort.rows  // the rows that came meanwhile go in as a backlog (`DealFeed.pump`)
        return true
    }

    /// Shows the landed re-sort's view, its filter built or cleared.
    func showLanded() {
        guard case .landed(let landed) = resorting else { return }
        resorting = .idle
        discard(view)
        (view, merged, column) = (landed.view, landed.rows, landed.column)
    }

    /// Runs `body` on the landed re-sort's view in place (taken out of `resorting` meanwhile, so
    /// it is not copied); nil when none landed.
    @discardableResult
    func withLandedView<Result>(_ body: (inout SortedBlocks) -> Result) -> Result? {
        guard case .landed(var landed) = resorting else { return nil }
        resorting = .idle
        defer { resorting = .landed(landed) }
        return body(&landed.view)
    }

    /// The first id out of order arrived: ties are ids from now on (`DealColumns.tie`). The views
    /// kept each block's first row number as its tie; they take the ids (a read a block), and a
    /// filter being built starts over.
    func retie() {
        let tie: (UInt32) -> Int64 = columns.tie
        view.retie(tie)
        filtering?.view.retie(tie)
        withLandedView { $0.retie(tie) }
        if let job = filterJob { startFilter(job.filter, column: orderBuilt, end: merged) }
    }

    /// Ascending or descending: O(1), the view is read from the other end.
    package func setDescending(_ descending: Bool) {
        self.descending = descending
    }

    /// Sorts every row by (key, id) from scratch and refills the view (and the filtered view).
    func rebuild() {
        view.clear()
        view = Self.sortedView(columns, by: column, reserve: expected)
        merged = columns.count
        if let landed = resorting.landed {
            resorting = .idle
            discard(landed.view)
        }
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
}
