import AlmanacCore
import Foundation

/// The deals of a view summarised by instrument, side, or both — what a trader reads first:
/// how much of each was bought and sold, at what volume-weighted price, and when last.
/// Built in one pass over the view's rows (`DealSnapshot.groups`), off the frame.
package struct DealGroups: Sendable, Equatable {
    /// What the rows are grouped by.
    package enum Key: String, Sendable, CaseIterable {
        case instrument, side
        case instrumentAndSide = "instrument,side"
    }

    /// One group.
    package struct Group: Sendable, Equatable {
        /// `EUR/USD_TOM`, `buy`, or `EUR/USD_TOM buy`.
        package var name: String
        /// What the group's deals share: their instrument, their side, or both.
        package var instrument: String?
        package var side: Deal.Side?
        package var deals = 0
        /// Σ amount of the buys and of the sells.
        package var bought = 0.0, sold = 0.0
        /// Σ price × amount, for the volume-weighted average price.
        var notional = 0.0
        package var low = Double.infinity, high = -Double.infinity
        /// The price of the group's latest deal (by time, then id) and its time.
        package var lastPrice = 0.0, lastTime = -Double.infinity
        var lastID = Int64.min
        /// Deals a minute over the last hour of deal time, oldest minute first (60 counts), the
        /// hour ending at the newest deal of the view; empty unless asked for (`activity`).
        package var perMinute: [Int] = []

        /// Bought less sold.
        package var net: Double { bought - sold }
        /// Σ price × amount ÷ Σ amount; nil when the amounts sum to 0.
        package var averagePrice: Double? { bought + sold > 0 ? notional / (bought + sold) : nil }
    }

    /// Minutes in `Group.perMinute`: the last hour.
    package static let minutes = 60

    package let key: Key
    /// The groups, by name.
    package var groups: [Group]
    /// Deals in the view.
    package let total: Int
}

extension DealSnapshot {
    /// The view's rows grouped by `key`, by name (one pass; rows a filter rejects are left out).
    /// With `activity`, a second pass counts each group's deals a minute over the last hour
    /// (`Group.perMinute`).
    package func groups(by key: DealGroups.Key, activity: Bool = false) -> DealGroups {
        let names = columns.names
        let slots = key == .side ? 2 : names.count * (key == .instrument ? 1 : 2)
        var groups = [DealGroups.Group](repeating: DealGroups.Group(name: ""), count: max(slots, 1))
        let passing = passingRows()
        let total = columns.withBuffers { buffers in
            if let passing { return Self.fill(passing, buffers, key: key, into: &groups) }
            return Self.fill(0..<covered, buffers, key: key, into: &groups)
        }
        if activity, let end = groups.map(\.lastTime).max(), end.isFinite {
            for slot in groups.indices { groups[slot].perMinute = Array(repeating: 0, count: DealGroups.minutes) }
            columns.withBuffers { buffers in
                if let passing {
                    Self.tally(passing, buffers, key: key, hourEnding: end, into: &groups)
                } else {
                    Self.tally(0..<covered, buffers, key: key, hourEnding: end, into: &groups)
                }
            }
        }
        var used: [DealGroups.Group] = []
        for (slot, var group) in groups.enumerated() where group.deals > 0 {
            group.side = key == .instrument ? nil : slot % 2 == 0 ? .buy : .sell
            group.instrument = key == .side ? nil : names[key == .instrument ? slot : slot / 2]
            group.name = [group.instrument, group.side?.rawValue].compactMap { $0 }.joined(separator: " ")
            used.append(group)
        }
        return DealGroups(key: key, groups: used.sorted { $0.name < $1.name }, total: total)
    }

    /// Adds `rows` to their groups; returns how many.
    private static func fill<Rows: Sequence<Int>>(
        _ rows: Rows, _ buffers: DealColumns.Buffers, key: DealGroups.Key, into groups: inout [DealGroups.Group]
    ) -> Int {
        var total = 0
        for row in rows {
            let side = Int(buffers.sides[row])
            let code = Int(buffers.instruments[row])
            let slot = key == .side ? side : key == .instrument ? code : code * 2 + side
            add(row, buffers, to: &groups[slot])
            total += 1
        }
        return total
    }

    /// Counts `rows` of the hour ending at `end` (seconds) by group and minute.
    private static func tally<Rows: Sequence<Int>>(
        _ rows: Rows, _ buffers: DealColumns.Buffers, key: DealGroups.Key, hourEnding end: Double, into groups: inout [DealGroups.Group]
    ) {
        let start = end - Double(DealGroups.minutes * 60)
        for row in rows {
            let time = buffers.times[row]
            guard time > start else { continue }
            let minute = min(DealGroups.minutes - 1, Int((time - start) / 60))
            let side = Int(buffers.sides[row])
            let code = Int(buffers.instruments[row])
            groups[key == .side ? side : key == .instrument ? code : code * 2 + side].perMinute[minute] += 1
        }
    }

    @inline(__always)
    private static func add(_ row: Int, _ columns: DealColumns.Buffers, to group: inout DealGroups.Group) {
        let (price, amount, time, id) = (columns.prices[row], columns.amounts[row], columns.times[row], columns.ids[row])
        group.deals += 1
        if columns.sides[row] == 0 { group.bought += amount } else { group.sold += amount }
        group.notional += price * amount
        group.low = min(group.low, price)
        group.high = max(group.high, price)
        if (time, id) > (group.lastTime, group.lastID) { (group.lastPrice, group.lastTime, group.lastID) = (price, time, id) }
    }
}

extension DealColumns {
    /// The columns' memory, read without a bounds check a row (`withBuffers`).
    struct Buffers {
        let ids: UnsafeBufferPointer<Int64>
        let times, prices, amounts: UnsafeBufferPointer<Double>
        let instruments: UnsafeBufferPointer<UInt16>
        let sides: UnsafeBufferPointer<UInt8>
    }

    /// Calls `body` with the columns' memory, valid only inside it.
    func withBuffers<Result>(_ body: (Buffers) -> Result) -> Result {
        ids.withUnsafeBufferPointer { ids in
            times.withUnsafeBufferPointer { times in
                prices.withUnsafeBufferPointer { prices in
                    amounts.withUnsafeBufferPointer { amounts in
                        instruments.withUnsafeBufferPointer { instruments in
                            sides.withUnsafeBufferPointer { sides in
                                body(Buffers(ids: ids, times: times, prices: prices, amounts: amounts, instruments: instruments, sides: sides))
                            }
                        }
                    }
                }
            }
        }
    }
}

extension DealSnapshot {
    /// The rows the view's filter passes, in row order; nil with no filter (every row of
    /// `0..<covered`). The matcher is read once here, not once a row in the summaries' loops.
    func passingRows() -> RowBits? {
        guard let matcher else { return nil }
        var rows = RowBits(rows: covered)
        for row in 0..<covered where matcher.matches(columns, row) { rows.insert(row) }
        return rows
    }
}
