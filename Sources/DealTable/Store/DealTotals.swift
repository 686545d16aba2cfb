import AlmanacCore
import Foundation

/// Totals of the rows a deals view shows, kept up to date as deals arrive: the count, the
/// amount bought and sold, and per instrument the amount and the notional (price × amount),
/// from which the volume-weighted average price of a lone instrument follows.
package struct DealTotals: Sendable, Equatable {
    /// Rows, buys and sells in the view.
    package private(set) var count = 0, buyCount = 0, sellCount = 0
    /// Σ amount of the buys and of the sells.
    package private(set) var boughtAmount = 0.0, soldAmount = 0.0
    /// Per instrument code: rows, Σ amount, Σ price × amount.
    private var perInstrument: [(count: Int, amount: Double, notional: Double)] = []
    /// Instrument names by code, as the store interned them (set when the totals are read).
    var names: [String] = []

    package init() {}

    /// Adds row `row` of `columns`.
    @inline(__always)
    mutating func add(_ columns: DealColumns, _ row: Int) {
        let amount = columns.amounts[row]
        count += 1
        if columns.sides[row] == 0 {
            buyCount += 1
            boughtAmount += amount
        } else {
            sellCount += 1
            soldAmount += amount
        }
        let code = Int(columns.instruments[row])
        if code >= perInstrument.count {
            perInstrument += repeatElement((count: 0, amount: 0.0, notional: 0.0), count: code + 1 - perInstrument.count)
        }
        perInstrument[code].count += 1
        perInstrument[code].amount += amount
        perInstrument[code].notional += amount * columns.prices[row]
    }

    /// Adds rows `rows` (one borrow of the columns for the whole range, not a copy per row).
    mutating func add(_ rows: Range<Int>, of columns: DealColumns) {
        for row in rows { add(columns, row) }
    }

    /// The instruments that have rows in the view, by name.
    package var instruments: [String] {
        perInstrument.indices.filter { perInstrument[$0].count > 0 && $0 < names.count }.map { names[$0] }.sorted()
    }

    /// When every row of the view is one instrument: its name and volume-weighted average price
    /// (Σ price × amount ÷ Σ amount); nil otherwise, or when its amounts sum to zero.
    package var single: (instrument: String, averagePrice: Double)? {
        let present = perInstrument.indices.filter { perInstrument[$0].count > 0 }
        guard present.count == 1, let code = present.first, code < names.count, perInstrument[code].amount != 0 else { return nil }
        return (names[code], perInstrument[code].notional / perInstrument[code].amount)
    }

    package static func == (lhs: DealTotals, rhs: DealTotals) -> Bool {
        lhs.count == rhs.count && lhs.buyCount == rhs.buyCount && lhs.sellCount == rhs.sellCount && lhs.boughtAmount == rhs.boughtAmount
            && lhs.soldAmount == rhs.soldAmount && lhs.instruments == rhs.instruments
    }
}
