import Foundation

/// The inner loops of a merge: a block's entries and a group merged from the back in place, or
/// into a scratch run (`SortedBlocks+Merging.swift` says when each is used).
extension SortedBlocks {
    /// Merges sorted new entries into `old` sorted entries at `base`, from the back, in place.
    /// Many new entries (a block's tail, at least an eighth of the old): one pass, each step
    /// moving the greater of the two last entries. A few: for each, a binary search (in a block
    /// `touch` has brought into the cache) finds the old entries that sort after it, and they
    /// move up as one run.
    static func mergeBack<
        NewKeys: RandomAccessCollection<UInt64>, NewRows: RandomAccessCollection<UInt32>, NewIDs: RandomAccessCollection<Int64>
    >(
        rows: UnsafeMutableBufferPointer<UInt32>, keys: UnsafeMutableBufferPointer<UInt64>, base: Int, old: Int,
        newKeys: NewKeys, newRows: NewRows, newIDs: NewIDs, id: (UInt32) -> Int64
    ) where NewKeys.Index == Int, NewRows.Index == Int, NewIDs.Index == Int {
        if newKeys.count * 8 >= old {
            mergeLinear(rows: rows, keys: keys, base: base, old: old, newKeys: newKeys, newRows: newRows, newIDs: newIDs, id: id)
            return
        }
        var end = base + old  // old entries still unmoved: [base, end)
        var d = base + old + newKeys.count  // one past the next slot to fill
        // The three collections share their indices.
        var j = newKeys.endIndex - 1
        while j >= newKeys.startIndex {
            let key = newKeys[j]
            let newID = newIDs[j - newKeys.startIndex + newIDs.startIndex]
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
            rows[d] = newRows[j - newKeys.startIndex + newRows.startIndex]
            keys[d] = key
            j -= 1
        }
    }

    /// `mergeBack` in one pass from the back: the old entries before the first new one stay.
    static func mergeLinear<
        NewKeys: RandomAccessCollection<UInt64>, NewRows: RandomAccessCollection<UInt32>, NewIDs: RandomAccessCollection<Int64>
    >(
        rows: UnsafeMutableBufferPointer<UInt32>, keys: UnsafeMutableBufferPointer<UInt64>, base: Int, old: Int,
        newKeys: NewKeys, newRows: NewRows, newIDs: NewIDs, id: (UInt32) -> Int64
    ) where NewKeys.Index == Int, NewRows.Index == Int, NewIDs.Index == Int {
        var last = base + old - 1  // the last old entry not yet moved
        var d = base + old + newKeys.count - 1  // the next slot to fill
        var j = newKeys.endIndex - 1
        // The three collections share their indices.
        let (rowShift, idShift) = (newRows.startIndex - newKeys.startIndex, newIDs.startIndex - newKeys.startIndex)
        while j >= newKeys.startIndex {
            let key = newKeys[j]
            // The tie is read only when keys are equal.
            if last >= base, keys[last] > key || (keys[last] == key && id(rows[last]) > newIDs[j + idShift]) {
                (keys[d], rows[d]) = (keys[last], rows[last])
                last -= 1
            } else {
                (keys[d], rows[d]) = (key, newRows[j + rowShift])
                j -= 1
            }
            d -= 1
        }
    }
}
