import AlmanacCore
import Foundation

/// Finding a deal in the view shown: by id (`g`), and the next row whose instrument matches
/// (`n`/`N`).
extension DealStore {
    /// Where the deal with `id` is in the view shown: its position, hidden by the filter, or
    /// not received yet. A binary search while ids arrive in order (a server's), else a scan.
    package func find(id: Int64) -> DealLookup {
        guard let row = row(ofID: id) else { return .notReceived }
        if let filtering {
            guard filtering.matcher.matches(columns, row) else { return .filteredOut }
            if row >= filtering.merged { return .notReceived }
        }
        return .at(position(ofRow: row))
    }

    /// The row holding `id` among the merged rows; nil when none does.
    private func row(ofID id: Int64) -> Int? {
        let ids = columns.ids
        if columns.idsAscending {
            var (low, high) = (0, merged)
            while low < high {
                let mid = (low + high) >> 1
                if ids[mid] < id { low = mid + 1 } else { high = mid }
            }
            return low < merged && ids[low] == id ? low : nil
        }
        return ids.withUnsafeBufferPointer { buffer in (0..<merged).first { buffer[$0] == id } }
    }

    /// The next view position after `position` (before it when `forward` is false) whose
    /// instrument contains `text` (any case), wrapping around; nil when none does among the
    /// `limit` rows looked at (250,000 by default: about 2 ms, read a block run at a time).
    package func nextPosition(after position: Int, instrumentContaining text: String, forward: Bool = true, limit: Int = 250_000) -> Int? {
        let count = shown.count
        guard count > 0, !text.isEmpty else { return nil }
        var probe = DealFilter()
        probe.instrument = text
        let passes = DealMatcher(probe, names: columns.names).instrumentPasses
        guard passes.contains(true) else { return nil }
        let instruments = columns.instruments
        var checked = 0
        var next = forward ? position + 1 : position - 1  // the display position looked at next
        while checked < min(count, limit) {
            next = (next % count + count) % count
            // A run of display positions from `next`, up to the table's end (or start) and 64k long.
            let length = min(65_536, min(count, limit) - checked, forward ? count - next : next + 1)
            let low = forward ? next : next - length + 1
            let rows = rowsShown(from: low, to: low + length)
            for index in 0..<length {
                let offset = forward ? index : length - 1 - index
                if passes[Int(instruments[Int(rows[offset])])] { return low + offset }
            }
            checked += length
            next = forward ? low + length : low - 1
        }
        return nil
    }
}
