import AlmanacCore
import Foundation

/// The deals view shown, held still for another thread to read while the owner goes on
/// merging (docs/architecture.md §5): the columns as they stand (their written rows never move
/// or change, `AppendOnlyColumn`), how many rows the view covers, its order and its filter.
/// Taken in the frame without copying a row (`DealStore.snapshot`); the reader sorts.
package struct DealSnapshot: Sendable {
    let columns: DealColumns
    /// The view shown holds the passing rows among `0..<covered`.
    let covered: Int
    let column: DealColumn
    let descending: Bool
    /// The view's filter; nil when it shows every row.
    let matcher: DealMatcher?
    /// The rows the view showed (those the filter passed).
    package let count: Int
    /// The rows received when it was taken, filtered or not.
    package let received: Int
    /// The view's totals when it was taken.
    package let totals: DealTotals

    /// The rows of the view in display order: the passing rows among `0..<covered`, sorted
    /// by (key, id) as the view keeps them, from the other end when descending. Sorted with
    /// the same stable radix sort as a filter's rows (by id first when ids arrived out of
    /// order), holding only rows and keys: about 13 bytes a row beside the sort's own room.
    package func orderedRows() -> [UInt32] {
        var rows: [UInt32] = []
        rows.reserveCapacity(count)
        if let matcher {
            for row in 0..<covered where matcher.matches(columns, row) { rows.append(UInt32(row)) }
        } else {
            rows.append(contentsOf: (0..<covered).lazy.map { UInt32($0) })
        }
        if !columns.idsAscending {  // rows in id order first, so equal keys stay in id order
            var ids = rows.map { RadixSort.orderedBits(columns.tie($0)) }
            RadixSort.sort(keys: &ids, rows: &rows)
        }
        var keys = rows.map { columns.key(Int($0), column) }
        RadixSort.sort(keys: &keys, rows: &rows)
        return descending ? rows.reversed() : rows
    }

    /// The deals stored as `rows`, in that order.
    package func deals(_ rows: ArraySlice<UInt32>) -> [Deal] {
        columns.deals(Array(rows))
    }
}

extension DealStore {
    /// The view shown as it stands, for a thread of its own to read (`DealSnapshot`).
    package func snapshot() -> DealSnapshot {
        DealSnapshot(
            columns: columns, covered: filtering?.merged ?? merged, column: column, descending: descending,
            matcher: filtering?.matcher, count: count, received: unfilteredCount, totals: totals)
    }
}
