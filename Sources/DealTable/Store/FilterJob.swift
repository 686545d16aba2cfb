import AlmanacCore
import Foundation
import Synchronization

/// The filtered view: the rows the filter passes, kept in the view's order as deals arrive.
struct FilteredView {
    var matcher: DealMatcher
    var view: SortedBlocks
    /// The view holds the passing rows among `0..<merged` of the columns.
    var merged: Int
    var totals: DealTotals
}

/// A filter being built. The owner scans the rows a slice a frame (`advanceFilter`), keeping
/// the passing rows with their keys and ties; then they are sorted on a thread of their own
/// (arrays no one else holds, so nothing is copied) and the view lands in `finishFilter`.
///
/// A filter that keeps many rows (a sample of the table says so) is built by walking instead:
/// the scan only marks the passing rows in a bitmap (a bit a row: 1.25 MB at 10M, small enough
/// to stay in cache), then the owner walks the view already shown in order, a slice a frame,
/// keeping the entries whose bit is set — already sorted, so nothing is sorted at all. Merges
/// are held while it walks (`DealStore.holdsMerges`), so the view does not change under it; the
/// arena of the new view is filled on a thread of its own.
final class FilterJob {
    let filter: DealFilter
    var matcher: DealMatcher
    let column: DealColumn
    /// Rows `0..<end` are scanned; later ones are merged in as they come.
    let end: Int
    var scanned = 0
    var rows: [UInt32] = []
    var keys: [UInt64] = []
    /// Each kept row's tie (`DealColumns.tie`), for the sort and the new view's blocks.
    var ties: [Int64] = []
    var totals = DealTotals()
    /// Set once the sort (or, walking, the build) runs; holds its result.
    var sorted: Job<SortedBlocks>?
    /// The sort of a job this one replaced, still running when it was replaced: this job's sort
    /// starts once it ends (one filter sort at a time), and its view is freed then.
    var after: Job<SortedBlocks>?
    /// Walking: the passing rows among `0..<end`, a bit each; nil when sorting.
    var bits: [UInt64]?
    /// Walking: the next block (in view order) of the shown view to read; nil until the scan
    /// is done.
    var walkBlock: Int?
    /// Walking: the id of every `SortedBlocks.buildFill`-th kept entry (each block's first).
    var firstIDs: [Int64] = []
    /// Walking the landed re-sort waiting for this filter (`DealStore.Resorting.landed`), which no
    /// merge touches, rather than the view shown.
    var walksPending = false

    init(filter: DealFilter, matcher: DealMatcher, column: DealColumn, end: Int, walking: Bool) {
        (self.filter, self.matcher, self.column, self.end) = (filter, matcher, column, end)
        // Reserved, not touched: growing by doubling would copy tens of MB inside one frame.
        // Walking, the arrays become the new view's arena (`SortedBlocks.build(adopting:)`), so
        // they are reserved for the room a view keeps.
        rows.reserveCapacity(walking ? SortedBlocks.slots(end) : end)
        keys.reserveCapacity(walking ? SortedBlocks.slots(end) : end)
        if walking {
            bits = [UInt64](repeating: 0, count: (end + 63) / 64)
        } else {
            ties.reserveCapacity(end)
        }
    }

    /// Walking the view shown, past the scan: merges must wait until the walk is done.
    var holdsView: Bool { walkBlock != nil && !walksPending }
}
