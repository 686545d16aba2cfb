import Foundation

/// All deals and a view always sorted by one column, ascending or descending, ties broken by id.
///
/// Rows live in compact columns (ids, times, interned instrument codes, prices, amounts, sides).
/// The view is an array of row numbers sorted ascending by (key, id), where the key is an
/// order-preserving `UInt64` of the sort column. Descending is the same array read backwards,
/// so flipping is O(1). New rows are sorted among themselves and merged in from the back
/// (binary search plus block moves), never by re-sorting the table. Switching the column
/// re-keys and radix-sorts once.
///
/// Not thread-safe: one owner (the screen or command) calls every method; deals arriving on
/// other threads wait in a `DealInbox`.
public final class DealStore {
    /// One row without its id, 32 bytes; the instrument's name is interned.
    struct Record {
        var time: Double
        var price: Double
        var amount: Double
        var instrument: UInt16
        var side: UInt8
    }

    private var records: [Record] = []
    private var ids: [Int64] = []

    // MARK: Interned instrument names
    private var names: [String] = []
    private var codes: [String: UInt16] = [:]
    /// Alphabetical rank of each code.
    private var ranks: [UInt16] = []

    // MARK: The view, ascending by (key, id); descending reads it backwards
    public private(set) var column: DealColumn = .date
    /// Newest first by default.
    public private(set) var descending = true
    /// Row numbers in view order.
    private var order: [UInt32] = []
    /// The sort key and the id of the row at each view position (sequential merges, no lookups).
    private var orderKeys: [UInt64] = []
    private var orderIDs: [Int64] = []
    /// Row numbers sorted by id: the stable starting point of every re-sort.
    private var idOrder: [UInt32] = []

    public init(column: DealColumn = .date, descending: Bool = true) {
        self.column = column
        self.descending = descending
    }

    public var count: Int { order.count }

    /// Bytes held per row: record, id, the view (row, key, id) and the id order.
    public static let bytesPerRow = MemoryLayout<Record>.stride + 8 + 4 + 8 + 8 + 4

    // MARK: - Ingest

    /// Adds deals and merges them into the sorted view.
    public func append(_ deals: [Deal]) {
        append(batches: [deals])
    }

    /// Adds several batches with one merge: the new rows are radix-sorted among themselves and
    /// merged in from the back. The table is never re-sorted.
    public func append(batches: [[Deal]]) {
        let first = records.count
        let total = batches.reduce(0) { $0 + $1.count }
        guard total > 0 else { return }
        reserve(first + total)
        var newName = false
        for batch in batches {
            for deal in batch {
                let (code, added) = intern(deal.instrumentName)
                newName = newName || added
                records.append(Record(time: deal.dateModified.timeIntervalSince1970, price: deal.price, amount: deal.amount,
                                      instrument: code, side: deal.side == .buy ? 0 : 1))
                ids.append(deal.id)
            }
        }
        if newName { recomputeRanks() }
        // New rows by id (stable start), appended to or merged into the id order.
        var idKeys = (first..<records.count).map { RadixSort.orderedBits(ids[$0]) }
        var rows = (first..<records.count).map { UInt32($0) }
        RadixSort.sort(keys: &idKeys, rows: &rows)
        mergeIDOrder(rows)
        if newName, column == .instrument {
            rebuild()
            return
        }
        var keys = rows.map { key(Int($0)) }
        RadixSort.sort(keys: &keys, rows: &rows)
        mergeView(keys: keys, rows: rows)
    }

    /// Room for `total` rows up front (when the stream's length is known), so growth never
    /// doubles the memory.
    public func reserveCapacity(_ total: Int) {
        reserve(total, exact: true)
    }

    private func reserve(_ total: Int, exact: Bool = false) {
        guard total > records.capacity else { return }
        let capacity = exact ? total : max(total, records.capacity * 3 / 2)
        records.reserveCapacity(capacity)
        ids.reserveCapacity(capacity)
        order.reserveCapacity(capacity)
        orderKeys.reserveCapacity(capacity)
        orderIDs.reserveCapacity(capacity)
        idOrder.reserveCapacity(capacity)
    }

    private func intern(_ name: String) -> (UInt16, Bool) {
        if let code = codes[name] { return (code, false) }
        let code = UInt16(names.count)
        names.append(name)
        codes[name] = code
        return (code, true)
    }

    private func recomputeRanks() {
        ranks = Array(repeating: 0, count: names.count)
        for (rank, code) in names.indices.sorted(by: { names[$0] < names[$1] }).enumerated() { ranks[code] = UInt16(rank) }
    }

    /// Ids usually grow, so new rows usually just go at the end.
    private func mergeIDOrder(_ rows: [UInt32]) {
        guard let firstNew = rows.first else { return }
        if idOrder.isEmpty || ids[Int(idOrder[idOrder.count - 1])] < ids[Int(firstNew)] {
            idOrder.append(contentsOf: rows)
            return
        }
        var merged: [UInt32] = []
        merged.reserveCapacity(idOrder.count + rows.count)
        var i = 0, j = 0
        while i < idOrder.count || j < rows.count {
            if j == rows.count || (i < idOrder.count && ids[Int(idOrder[i])] < ids[Int(rows[j])]) {
                merged.append(idOrder[i]); i += 1
            } else {
                merged.append(rows[j]); j += 1
            }
        }
        idOrder = merged
    }

    /// Merges new (key, row) pairs, sorted by (key, id), into the view from the back.
    private func mergeView(keys: [UInt64], rows: [UInt32]) {
        let oldCount = order.count, k = rows.count
        let newIDs = rows.map { ids[Int($0)] }
        order.append(contentsOf: repeatElement(0, count: k))
        orderKeys.append(contentsOf: repeatElement(0, count: k))
        orderIDs.append(contentsOf: repeatElement(0, count: k))
        order.withUnsafeMutableBufferPointer { order in
            orderKeys.withUnsafeMutableBufferPointer { orderKeys in
                orderIDs.withUnsafeMutableBufferPointer { orderIDs in
                    var i = oldCount - 1, j = k - 1, d = oldCount + k - 1
                    while j >= 0 {
                        let key = keys[j], id = newIDs[j]
                        // Find how many old entries sort after the new one (galloping back from
                        // `i`, then a binary search), and move them as a block.
                        func after(_ index: Int) -> Bool {
                            orderKeys[index] > key || (orderKeys[index] == key && orderIDs[index] > id)
                        }
                        var step = 1, high = i, low = i
                        while low >= 0, after(low) {
                            high = low - 1
                            low -= step
                            step <<= 1
                        }
                        // Entries in (high, i] sort after; the boundary lies in [max(low, 0), high].
                        var lo = max(low, 0), hi = high + 1
                        while lo < hi {
                            let mid = (lo + hi) >> 1
                            if after(mid) { hi = mid } else { lo = mid + 1 }
                        }
                        let start = lo - 1
                        let run = i - start
                        if run > 0, d != i {
                            let from = start + 1, to = d - run + 1
                            (order.baseAddress! + to).update(from: order.baseAddress! + from, count: run)
                            (orderKeys.baseAddress! + to).update(from: orderKeys.baseAddress! + from, count: run)
                            (orderIDs.baseAddress! + to).update(from: orderIDs.baseAddress! + from, count: run)
                        }
                        d -= run
                        i = start
                        order[d] = rows[j]
                        orderKeys[d] = key
                        orderIDs[d] = id
                        d -= 1
                        j -= 1
                    }
                }
            }
        }
    }

    // MARK: - Sorting

    /// Sorts the view by another column (one re-key and radix sort); same column: no work.
    public func sort(by column: DealColumn) {
        guard column != self.column else { return }
        self.column = column
        rebuild()
    }

    /// Ascending or descending: O(1), the view is read from the other end.
    public func setDescending(_ descending: Bool) {
        self.descending = descending
    }

    /// Re-keys every row in id order and radix-sorts (stable, so ties stay in id order).
    private func rebuild() {
        let n = records.count
        order = []
        orderKeys = []
        orderIDs = []
        var rows = idOrder
        var keys = [UInt64](repeating: 0, count: n)
        let column = self.column, ranks = self.ranks
        keys.withUnsafeMutableBufferPointer { keys in
            records.withUnsafeBufferPointer { records in
                rows.withUnsafeBufferPointer { rows in
                    for index in 0..<n { keys[index] = Self.key(records[Int(rows[index])], column: column, ranks: ranks) }
                }
            }
        }
        RadixSort.sort(keys: &keys, rows: &rows)
        var sortedIDs = [Int64](repeating: 0, count: n)
        sortedIDs.withUnsafeMutableBufferPointer { sortedIDs in
            ids.withUnsafeBufferPointer { ids in
                rows.withUnsafeBufferPointer { rows in
                    for index in 0..<n { sortedIDs[index] = ids[Int(rows[index])] }
                }
            }
        }
        order = rows
        orderKeys = keys
        orderIDs = sortedIDs
    }

    private func key(_ row: Int) -> UInt64 {
        Self.key(records[row], column: column, ranks: ranks)
    }

    private static func key(_ record: Record, column: DealColumn, ranks: [UInt16]) -> UInt64 {
        switch column {
        case .date: RadixSort.orderedBits(record.time)
        case .price: RadixSort.orderedBits(record.price)
        case .amount: RadixSort.orderedBits(record.amount)
        case .instrument: UInt64(ranks[Int(record.instrument)])
        case .side: UInt64(record.side)
        }
    }

    // MARK: - Reading

    /// The row number shown at a view position (0 = top).
    public func row(atPosition position: Int) -> Int {
        Int(order[descending ? order.count - 1 - position : position])
    }

    /// The deal shown at a view position.
    public func deal(atPosition position: Int) -> Deal {
        deal(row: row(atPosition: position))
    }

    public func deal(row: Int) -> Deal {
        let record = records[row]
        return Deal(id: ids[row], dateModified: Date(timeIntervalSince1970: record.time), instrumentName: names[Int(record.instrument)],
                    price: record.price, amount: record.amount, side: record.side == 0 ? .buy : .sell)
    }

    /// Up to `count` deals from view position `offset`.
    public func window(offset: Int, count: Int) -> [Deal] {
        let start = max(0, min(offset, order.count))
        let end = min(order.count, start + max(0, count))
        return (start..<end).map(deal(atPosition:))
    }

    /// Where a row stands in the view now (to keep it in place while paused).
    public func position(ofRow row: Int) -> Int {
        let key = key(row), id = ids[row]
        var lo = 0, hi = order.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if orderKeys[mid] < key || (orderKeys[mid] == key && orderIDs[mid] < id) { lo = mid + 1 } else { hi = mid }
        }
        return descending ? order.count - 1 - lo : lo
    }
}
