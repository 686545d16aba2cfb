import AlmanacCore
import Foundation

/// Every deal's fields in separate columns (35 bytes a row, no padding), instruments interned.
///
/// A copy is a snapshot: it shares the rows written so far with the live columns
/// (`AppendOnlyColumn`), costs six retains, and can be read on another thread while the owner
/// keeps appending.
struct DealColumns: Sendable {
    var ids = AppendOnlyColumn<Int64>()
    var times = AppendOnlyColumn<Double>()
    var prices = AppendOnlyColumn<Double>()
    var amounts = AppendOnlyColumn<Double>()
    var instruments = AppendOnlyColumn<UInt16>()
    /// 0 buy, 1 sell.
    var sides = AppendOnlyColumn<UInt8>()
    /// True while every row's id is greater than the row before it (a server's ids): row order
    /// is then id order and a re-sort needs no id passes.
    private(set) var idsAscending = true

    /// Instrument names by code (`instruments` holds codes).
    var names: [String] { codes.names }
    private var codes = InstrumentCodes()
    /// Alphabetical rank of each instrument code.
    private(set) var ranks: [UInt16] = []

    var count: Int { ids.count }

    static let bytesPerRow = 8 + 8 + 8 + 8 + 2 + 1

    mutating func reserve(_ total: Int) {
        guard total > ids.capacity else { return }
        ids.reserve(total)
        times.reserve(total)
        prices.reserve(total)
        amounts.reserve(total)
        instruments.reserve(total)
        sides.reserve(total)
    }

    /// Has the pages the next rows will be written to faulted in off this thread, by `faulter`.
    mutating func faultAhead(_ faulter: PageFaulter) {
        ids.faultAhead(faulter)
        times.faultAhead(faulter)
        prices.faultAhead(faulter)
        amounts.faultAhead(faulter)
        instruments.faultAhead(faulter)
        sides.faultAhead(faulter)
    }

    /// Appends one deal; returns whether its instrument was new (the ranks then changed).
    mutating func append(_ deal: Deal) -> Bool {
        if let last = ids.last, deal.id <= last { idsAscending = false }
        let (code, added) = codes.code(for: deal.instrumentName)
        ids.append(deal.id)
        times.append(deal.dateModified.timeIntervalSince1970)
        prices.append(deal.price)
        amounts.append(deal.amount)
        instruments.append(code)
        sides.append(deal.side == .buy ? 0 : 1)
        return added
    }

    mutating func recomputeRanks() {
        ranks = Array(repeating: 0, count: names.count)
        for (rank, code) in names.indices.sorted(by: { names[$0] < names[$1] }).enumerated() { ranks[code] = UInt16(rank) }
    }

    /// What breaks a tie between equal keys, in id order: the row number itself while ids arrive
    /// ascending (row order is then id order, and nothing is read), else the row's id. Ties
    /// read during merges were random reads of the ids (80 MB at 10M), a cache miss each.
    @inline(__always)
    func tie(_ row: Int) -> Int64 {
        idsAscending ? Int64(row) : ids[row]
    }

    /// `tie` of a row number as the views store it (what every view's `id:` closure is).
    @inline(__always)
    func tie(_ row: UInt32) -> Int64 { tie(Int(row)) }

    /// The order-preserving sort key of a row for a column.
    @inline(__always)
    func key(_ row: Int, _ column: DealColumn) -> UInt64 {
        switch column {
        case .date: RadixSort.orderedBits(times[row])
        case .price: RadixSort.orderedBits(prices[row])
        case .amount: RadixSort.orderedBits(amounts[row])
        case .instrument: UInt64(ranks[Int(instruments[row])])
        case .side: UInt64(sides[row])
        }
    }

    /// Appends the keys of `rows` for a column to `keys`, in one specialised loop per column.
    func appendKeys(of rows: [UInt32], _ column: DealColumn, to keys: inout [UInt64]) {
        func gather<T>(_ values: AppendOnlyColumn<T>, _ key: (T) -> UInt64) {
            values.withUnsafeBufferPointer { values in
                for row in rows { keys.append(key(values[Int(row)])) }
            }
        }
        switch column {
        case .date: gather(times, RadixSort.orderedBits)
        case .price: gather(prices, RadixSort.orderedBits)
        case .amount: gather(amounts, RadixSort.orderedBits)
        case .instrument:
            let ranks = self.ranks
            gather(instruments) { UInt64(ranks[Int($0)]) }
        case .side: gather(sides) { UInt64($0) }
        }
    }

    /// A snapshot holding only what sorting by `column` reads (the ids and that column), so a
    /// sort running long keeps no other column's memory alive should the live columns move to
    /// bigger buffers meanwhile. Nothing is copied.
    func sortingSnapshot(for column: DealColumn) -> DealColumns {
        var copy = self
        if column != .date { copy.times = AppendOnlyColumn() }
        if column != .price { copy.prices = AppendOnlyColumn() }
        if column != .amount { copy.amounts = AppendOnlyColumn() }
        if column != .instrument { copy.instruments = AppendOnlyColumn() }
        if column != .side { copy.sides = AppendOnlyColumn() }
        return copy
    }

    /// The deals at `rows`, in that order. Every column is read for all the rows first, in
    /// loops of loads that do not depend on each other, so the processor has many of a window's
    /// cache misses in flight at once (rows of a sorted view lie all over the columns) rather
    /// than the few that fit beside building each deal.
    func deals(_ rows: [UInt32]) -> [Deal] {
        var sink: UInt64 = 0
        func touch<T: BitwiseCopyable>(_ column: AppendOnlyColumn<T>, _ bits: (T) -> UInt64) {
            column.withUnsafeBufferPointer { values in
                for row in rows { sink &+= bits(values[Int(row)]) }
            }
        }
        touch(ids) { UInt64(bitPattern: $0) }
        touch(times) { $0.bitPattern }
        touch(prices) { $0.bitPattern }
        touch(amounts) { $0.bitPattern }
        touch(instruments) { UInt64($0) }
        touch(sides) { UInt64($0) }
        var result = rows.map { deal(Int($0)) }
        if sink == 1 { result.reserveCapacity(result.count) }  // keeps the loads
        return result
    }

    func deal(_ row: Int) -> Deal {
        Deal(
            id: ids[row], dateModified: Date(timeIntervalSince1970: times[row]), instrumentName: names[Int(instruments[row])],
            price: prices[row], amount: amounts[row], side: sides[row] == 0 ? .buy : .sell)
    }
}
