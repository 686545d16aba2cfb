import AlmanacCore
import Foundation
import Synchronization

/// Where a deal is in the view shown.
package enum DealLookup: Sendable, Equatable {
    /// At this view position (0 = top).
    case at(Int)
    /// Received, but the filter hides it.
    case filteredOut
    /// No deal with that ID has arrived (or been merged) yet.
    case notReceived
}

extension DealStore {
    /// The filter shown (empty when none).
    package var filter: DealFilter { filtering?.matcher.filter ?? DealFilter() }

    /// The filter being built while the old view stays on screen; nil when none.
    package var filterPending: DealFilter? { filterJob?.filter }

    /// Totals of the view shown: every row received, or the filter's rows.
    package var totals: DealTotals {
        var totals = filtering?.totals ?? allTotals
        totals.names = columns.names
        return totals
    }

    /// Filters the view at once (the command line, tests); the empty filter clears it.
    package func applyFilter(_ filter: DealFilter) {
        filterInBackground(filter)
        guard filterJob != nil else { return }
        while !advanceFilter(until: .max) {}
        finishFilter(sortingHere: true)
    }

    /// Starts filtering the view over frames (`step(until:)` advances it); the current view
    /// stays shown until the new one is ready. The empty filter clears at once.
    package func filterInBackground(_ filter: DealFilter) {
        guard !filter.isEmpty else { return clearFilter() }
        startFilter(filter, column: orderBuilt, end: merged)
    }

    /// The order a filter is built in: a re-sort's waiting for it, else the one shown.
    var orderBuilt: DealColumn { resorting.landed?.column ?? column }

    private func clearFilter() {
        discard(filterJob)
        filterJob = nil
        discard(filtering?.view)
        filtering = nil
        showLanded()
    }

    func startFilter(_ filter: DealFilter, column: DealColumn, end: Int) {
        let matcher = DealMatcher(filter, names: columns.names)
        // Walk a view in the order built (the re-sort waiting for this filter, else the one
        // shown) when it holds exactly the rows to filter and the filter keeps a tenth or more.
        let landed = resorting.landed
        let pending = landed.map { $0.column == column && $0.rows == end } ?? false
        let shown = landed == nil && column == self.column && end == merged
        let walking = (pending || shown) && end >= 8_192 && Self.keepsMany(matcher, columns, end: end)
        // A replaced job's sort still running goes on; the new job's sort waits for it.
        let after = filterJob.flatMap { $0.sorted ?? $0.after }
        discard(filterJob)
        filterJob = FilterJob(filter: filter, matcher: matcher, column: column, end: end, walking: walking)
        filterJob?.walksPending = walking && pending
        filterJob?.after = after
    }

    /// Whether `matcher` passes a tenth or more of 4,096 rows: 64 runs of 64 neighbouring rows
    /// spread evenly over `0..<end`. Runs rather than single rows, so a 10M table costs 64 cache
    /// misses a column rather than 4,096 (the single rows took several ms of the key's frame).
    private static func keepsMany(_ matcher: DealMatcher, _ columns: DealColumns, end: Int) -> Bool {
        let (runs, length) = (64, 64)
        var (kept, seen) = (0, 0)
        for run in 0..<runs {
            let start = min(run * end / runs, max(0, end - length))
            for row in start..<min(end, start + length) {
                seen += 1
                if matcher.matches(columns, row) { kept += 1 }
            }
        }
        return kept * 10 >= seen
    }

    /// Moves a background re-sort or filter along for this frame: a re-sort that finished is
    /// installed, the filter scan runs until `deadline` (uptime nanoseconds), a finished filter
    /// lands. True when what is shown changed order or rows (a follower re-pins).
    @discardableResult
    package func step(until deadline: UInt64) -> Bool {
        releaseDiscarded()
        var changed = finishSort()
        if filterJob != nil, advanceFilter(until: deadline) { changed = finishFilter(sortingHere: false) || changed }
        return changed
    }

    /// Scans rows until `deadline`; true once every row of the job is scanned. The job's
    /// arrays are taken out while the slice runs, so appending never copies them.
    private func advanceFilter(until deadline: UInt64) -> Bool {
        guard let job = filterJob else { return true }
        if job.bits != nil { return advanceWalk(job, until: deadline) }
        var found = (rows: job.rows, keys: job.keys, ties: job.ties, totals: job.totals)
        (job.rows, job.keys, job.ties) = ([], [], [])
        defer { (job.rows, job.keys, job.ties, job.totals) = found }
        while job.scanned < job.end {
            let stop = min(job.end, job.scanned + 16_384)
            Self.scan(columns, rows: job.scanned..<stop, matcher: job.matcher, column: job.column, into: &found)
            job.scanned = stop
            if DispatchTime.now().uptimeNanoseconds >= deadline { break }
        }
        return job.scanned >= job.end
    }

    /// Appends the rows of `range` that `matcher` passes, with their keys, ties and totals.
    private static func scan(
        _ columns: DealColumns, rows range: Range<Int>, matcher: DealMatcher, column: DealColumn,
        into found: inout (rows: [UInt32], keys: [UInt64], ties: [Int64], totals: DealTotals)
    ) {
        for row in range where matcher.matches(columns, row) {
            found.rows.append(UInt32(row))
            found.keys.append(columns.key(row, column))
            found.ties.append(columns.tie(row))
            found.totals.add(columns, row)
        }
    }

    /// Walking: marks the passing rows, then reads the shown view in order until `deadline`;
    /// true once the walk is done.
    private func advanceWalk(_ job: FilterJob, until deadline: UInt64) -> Bool {
        guard var bits = job.bits else { return true }
        var totals = job.totals
        (job.bits, job.totals) = (nil, DealTotals())  // changed in place, not copied
        defer { (job.bits, job.totals) = (bits, totals) }
        let (matcher, columns) = (job.matcher, self.columns)
        while job.scanned < job.end {
            let stop = min(job.end, job.scanned + 16_384)
            for row in job.scanned..<stop where matcher.matches(columns, row) {
                bits[row &>> 6] |= 1 &<< UInt64(row & 63)
                totals.add(columns, row)
            }
            job.scanned = stop
            if DispatchTime.now().uptimeNanoseconds >= deadline { return false }
        }
        guard !job.walksPending || resorting.landed != nil else {  // the re-sort was dropped (`sort(by:)`): start over
            startFilter(job.filter, column: orderBuilt, end: merged)
            return false
        }
        var block = job.walkBlock ?? 0
        job.walkBlock = block
        var found = (rows: job.rows, keys: job.keys, firstIDs: job.firstIDs)
        (job.rows, job.keys, job.firstIDs) = ([], [], [])
        defer { (job.rows, job.keys, job.firstIDs) = found }
        let walksPending = job.walksPending && resorting.landed != nil
        let slotCount = (walksPending ? resorting.landed?.view : view)?.slotCount ?? 0
        while block < slotCount {
            let stop = min(slotCount, block + 64)
            // In place (`collect` sorts the blocks' tails first): the walk holds the view still.
            if walksPending {
                withLandedView { $0.collect(blocks: block..<stop, end: job.end, bits: bits, tie: columns.tie, into: &found) }
            } else {
                view.collect(blocks: block..<stop, end: job.end, bits: bits, tie: columns.tie, into: &found)
            }
            block = stop
            job.walkBlock = block
            if DispatchTime.now().uptimeNanoseconds >= deadline, block < slotCount { return false }
        }
        return true
    }

    /// Sorts the scanned rows (here, or on a thread of their own) and installs the view once
    /// sorted; true when it landed.
    @discardableResult
    private func finishFilter(sortingHere: Bool) -> Bool {
        guard let job = filterJob, job.scanned >= job.end else { return false }
        guard job.column == orderBuilt else {  // the order changed meanwhile
            startFilter(job.filter, column: orderBuilt, end: merged)
            return false
        }
        if job.sorted == nil, !startSorting(job, here: sortingHere) { return false }
        guard let built = job.sorted?.take() else { return false }
        filterJob = nil
        showLanded()
        discard(filtering?.view)
        filtering = FilteredView(matcher: job.matcher, view: built, merged: job.end, totals: job.totals)
        return true
    }

    /// Starts sorting a scanned filter job's rows (here when `here`, else on a thread of its
    /// own, one at a time); false while a superseded sorting thread still runs.
    private func startSorting(_ job: FilterJob, here: Bool) -> Bool {
        // One sorting thread at a time: a superseded one still running is waited for (a sort
        // here, for `applyFilter`, starts no thread and waits for none); its view goes.
        if let after = job.after {
            guard here || after.done else { return false }
            discard(after)
            job.after = nil
        }
        // The arrays travel in a parcel the thread empties, so it holds the only reference
        // (a walked job's become the new view's arena without a copy).
        let parcel = Mutex<(rows: [UInt32], keys: [UInt64], ties: [Int64])?>((job.rows, job.keys, job.ties))
        // Room as the job reserved it (`FilterJob.init`), so adopting its arrays reallocates nothing.
        let (walked, firstIDs, reserve, ascending) = (job.walkBlock != nil, job.firstIDs, job.end, columns.idsAscending)
        (job.rows, job.keys, job.ties, job.firstIDs, job.bits, job.walkBlock) = ([], [], [], [], nil, nil)
        // Sorted outside the lock: the owner only ever waits for the hand-over itself.
        let build: @Sendable () -> SortedBlocks = {
            Self.filteredView(parcel, walked: walked, firstIDs: firstIDs, reserve: reserve, idsAscending: ascending)
        }
        if here {
            job.sorted = .completed(build())
        } else {
            job.sorted = Job.start(wake: onJobLanded) { [memory] in memory.heavyJob(build) }
        }
        return true
    }

    /// The view of a scanned filter's rows, taken out of `parcel`: a walked job's arrays (already
    /// in order) adopted as the arena, else the rows sorted by (key, id).
    private static func filteredView(
        _ parcel: borrowing Mutex<(rows: [UInt32], keys: [UInt64], ties: [Int64])?>, walked: Bool, firstIDs: [Int64], reserve: Int,
        idsAscending: Bool
    ) -> SortedBlocks {
        var (rows, keys, ties) = parcel.withLock { $0.take()! }
        guard walked else { return sortedSubset(rows, keys: keys, ties: ties, idsAscending: idsAscending) }
        ties = []
        var view = SortedBlocks()
        view.build(adopting: consume rows, keys: consume keys, firstIDs: firstIDs, reserve: reserve)
        return view
    }

    /// `rows` (ascending row numbers) sorted by (key, id), as a view.
    static func sortedSubset(_ rows: [UInt32], keys: [UInt64], ties: [Int64], idsAscending: Bool) -> SortedBlocks {
        var order = (0..<rows.count).map { UInt32($0) }
        if !idsAscending {
            var idKeys = ties.map(RadixSort.orderedBits)  // the ids, ids being out of order
            RadixSort.sort(keys: &idKeys, rows: &order)
        }
        var sortedKeys = order.map { keys[Int($0)] }
        RadixSort.sort(keys: &sortedKeys, rows: &order)
        var view = SortedBlocks()
        view.build(order.map { rows[Int($0)] }, keys: sortedKeys, ids: order.map { ties[Int($0)] }, reserve: rows.count)
        return view
    }

    /// Adds the passing rows among `rows` (sorted by (key, id), with their `keys`) to the
    /// filtered view, which then covers rows up to `end`.
    func insertFiltered(rows: [UInt32], keys: [UInt64], upTo end: Int) {
        guard var filtering else { return }
        self.filtering = nil  // the view is changed in place, not copied
        var passingRows: [UInt32] = []
        var passingKeys: [UInt64] = []
        let columns = self.columns  // one copy for the loop, not one per row
        for (index, row) in rows.enumerated() where filtering.matcher.matches(columns, Int(row)) {
            passingRows.append(row)
            passingKeys.append(keys[index])
            filtering.totals.add(columns, Int(row))
        }
        if !passingRows.isEmpty {
            filtering.view.insert(keys: passingKeys, rows: passingRows, id: columns.tie)
            filtering.view.faultAhead(faulter)
        }
        filtering.merged = end
        self.filtering = filtering
    }

    /// Brings the filtered view up to `merged` by at most `limit` rows; returns how many.
    func catchUpFilter(limit: Int) -> Int {
        guard let from = filtering?.merged, from < merged else { return 0 }
        let end = min(merged, from + max(1, limit))
        let (rows, keys) = sortedRows(from..<end)
        insertFiltered(rows: rows, keys: keys, upTo: end)
        return end - from
    }
}
