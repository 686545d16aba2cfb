import AlmanacCore
import DealTable
import Foundation
import FrontKit
import TerminalKit

/// `deals group` and `deals stats` as tables and as JSON (numbers as JSON numbers; the counts
/// beside them, as `deals top --json`).
package enum DealSummaryView {
    /// Which column `deals group --sort` orders by.
    package enum GroupOrder: String, CaseIterable, Sendable {
        case name, deals, bought, sold, net, share, average, low, high, last, time
    }

    /// The groups in `order`, largest first for figures, A–Z for names; the other way round
    /// when `reversed`.
    package static func sorted(_ groups: DealGroups, by order: GroupOrder, reversed: Bool = false) -> [DealGroups.Group] {
        let figure: (DealGroups.Group) -> Double = {
            switch order {
            case .name: 0
            case .deals, .share: Double($0.deals)
            case .bought: $0.bought
            case .sold: $0.sold
            case .net: $0.net
            case .average: $0.averagePrice ?? 0
            case .low: $0.low
            case .high: $0.high
            case .last: $0.lastPrice
            case .time: $0.lastTime
            }
        }
        let sorted = order == .name ? groups.groups : groups.groups.sorted { (figure($0), $1.name) > (figure($1), $0.name) }
        return reversed ? sorted.reversed() : sorted
    }

    /// One row a group: deals, bought, sold, net, share (with a bar), average, low, high, last,
    /// time, and — when the groups were counted by minute — the last hour as a sparkline. With a
    /// `width` (the browser's panel), the sorted column's title is marked ▼ (▲ `reversed`) and
    /// columns are left out until the table fits: the time, low, high, bought, sold, the
    /// sparkline, last, average, share, then net; never the sorted one.
    package static func groups(
        _ groups: DealGroups, order: GroupOrder, reversed: Bool = false, received: Int, style: Style, width: Int? = nil
    ) -> String {
        var table = groupTable(groups, order: order, reversed: reversed)
        let column = GroupOrder.allCases.firstIndex(of: order)!  // the columns follow the orders
        if let width {
            table.columns[column].title += reversed ? "▲" : "▼"
            table = table.leavingOut([10, 7, 8, 2, 3, 11, 9, 6, 5, 4].filter { $0 != column }, toFit: width)
        }
        let heading =
            "\(groups.groups.count) groups of \(DealsView.grouped(groups.total)) deals (of \(DealsView.grouped(received))), by \(groups.key.rawValue)"
        return style.sentence(heading) + "\n" + table.render(style: style)
    }

    /// The groups' table, every column; every price (the average, and the low, high and last
    /// beside it) to the same 5 places.
    private static func groupTable(_ groups: DealGroups, order: GroupOrder, reversed: Bool) -> Table {
        let activity = groups.groups.contains { !$0.perMinute.isEmpty }
        let peak = groups.groups.map { pairs($0.perMinute).max() ?? 0 }.max() ?? 0
        var table = Table(
            [
                .init(groups.key == .side ? "Side" : "Instrument"), .init("Deals", .right), .init("Bought", .right), .init("Sold", .right),
                .init("Net", .right), .init("Share", .right), .init("Average", .right), .init("Low", .right), .init("High", .right),
                .init("Last", .right), .init("At"),
            ] + (activity ? [.init("Last hour, deals a minute")] : []))
        for group in sorted(groups, by: order, reversed: reversed) {
            let share = groups.total > 0 ? Double(group.deals) / Double(groups.total) : 0
            table.add(
                [
                    group.name, DealsView.grouped(group.deals), DealsView.amount(group.bought), DealsView.amount(group.sold),
                    DealsView.amount(group.net),
                    bar(share) + " " + DecimalText.fixed(share * 100, 1) + "%",
                    group.averagePrice.map(DealsView.price) ?? "—", DealsView.price(group.low), DealsView.price(group.high),
                    DealsView.price(group.lastPrice), clock.string(from: Date(timeIntervalSince1970: group.lastTime)),
                ] + (activity ? [sparkline(group.perMinute, peak: peak)] : []))
        }
        return table
    }

    /// The last deal's local time of day (`--json` has the full instant).
    static let clock = DealsView.formatter("HH:mm:ss")

    /// Per-minute counts as 30 cells of two minutes each, scaled to `peak` (the busiest two
    /// minutes of any group, so the groups compare): `▁▁▂▅▇█▆▃`; a space for none.
    static func sparkline(_ perMinute: [Int], peak: Int) -> String {
        let levels = Array("▁▂▃▄▅▆▇█")
        return String(
            pairs(perMinute).map { count in
                count == 0 || peak == 0 ? " " : levels[min(levels.count - 1, (count * levels.count - 1) / peak)]
            })
    }

    /// Counts summed two by two.
    private static func pairs(_ counts: [Int]) -> [Int] {
        stride(from: 0, to: counts.count, by: 2).map { counts[$0] + (($0 + 1) < counts.count ? counts[$0 + 1] : 0) }
    }

    /// A share as a bar of eight eighths: `████▌   `.
    static func bar(_ share: Double) -> String {
        let eighths = Int(rounding: share * 64)
        let blocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        let full = String(repeating: "█", count: eighths / 8) + blocks[eighths % 8]
        return full.padding(toLength: 8, withPad: " ", startingAt: 0)
    }

    /// Price and amount figures, then instrument and side. With a `width` too narrow for a
    /// figure a column (the browser's panel at 80 columns), a figure a row instead.
    package static func statistics(_ stats: DealStatistics, received: Int, style: Style, width: Int? = nil) -> String {
        let columns: [(String, DealStatistics.Numbers, (Double) -> String)] = [
            ("price", stats.price, DealsView.price), ("amount", stats.amount, DealsView.amount),
        ]
        let titles = ["Count", "Min", "P10", "Median", "Mean", "P90", "Max", "Std dev"]
        // No deal, no figures: a dash, not 0.00000.
        let figures = columns.map { _, figures, show in
            [DealsView.grouped(figures.count)]
                + [figures.min, figures.p10, figures.median, figures.mean, figures.p90, figures.max, figures.standardDeviation].map {
                    figures.count == 0 ? "—" : show($0)
                }
        }
        var numbers = Table([.init("")] + titles.map { .init($0, .right) })
        for (index, column) in columns.enumerated() { numbers.add([column.0] + figures[index]) }
        if let width, numbers.width > width {
            numbers = Table([.init("")] + columns.map { .init($0.0, .right) })
            for (index, title) in titles.enumerated() { numbers.add([title] + figures.map { $0[index] }) }
        }
        var values = Table([.init(""), .init("Distinct", .right), .init("Most common"), .init("Deals", .right)])
        values.leaveOutFirst(["Deals"])  // the most common value's count, then nothing
        for (name, figures) in [("instrument", stats.instrument), ("side", stats.side)] {
            values.add([name, String(figures.distinct), figures.mostCommon ?? "—", DealsView.grouped(figures.mostCommonCount)])
        }
        let heading = "Statistics of \(DealsView.grouped(stats.count)) deals (of \(DealsView.grouped(received)))"
        return style.sentence(heading) + "\n" + numbers.render(style: style) + "\n\n" + values.render(style: style)
    }
}

/// `deals group --json`: `{"by","matched","received","groups":[{"instrument","side","deals","bought","sold","net","share","averagePrice","low","high","lastPrice","lastDeal","perMinute"}]}`.
package struct DealGroupsJSON: Encodable {
    struct Group: Encodable {
        /// The grouping keys, each its own field as in the rows: set for those grouped by.
        var instrument, side: String?
        var deals: Int
        var bought, sold, net, share: Double
        var averagePrice: Double?
        var low, high, lastPrice: Double
        var lastDeal: String
        /// Deals a minute over the last hour of deal time, oldest first.
        var perMinute: [Int]
    }

    var by: String
    var matched, received: Int
    var groups: [Group]

    package init(_ groups: DealGroups, order: DealSummaryView.GroupOrder, received: Int) {
        (by, matched, self.received) = (groups.key.rawValue, groups.total, received)
        self.groups = DealSummaryView.sorted(groups, by: order).map { group in
            Group(
                instrument: group.instrument, side: group.side?.rawValue, deals: group.deals, bought: group.bought, sold: group.sold, net: group.net,
                share: groups.total > 0 ? Double(group.deals) / Double(groups.total) : 0, averagePrice: group.averagePrice, low: group.low,
                high: group.high, lastPrice: group.lastPrice, lastDeal: DealJSON.iso.format(Date(timeIntervalSince1970: group.lastTime)),
                perMinute: group.perMinute)
        }
    }
}

/// `deals stats --json`: `{"matched","received","price":{…},"amount":{…},"instrument":{…},"side":{…}}`.
package struct DealStatisticsJSON: Encodable {
    var matched, received: Int
    var price, amount: DealStatistics.Numbers
    var instrument, side: DealStatistics.Values

    package init(_ stats: DealStatistics, received: Int) {
        (matched, self.received) = (stats.count, received)
        (price, amount, instrument, side) = (stats.price, stats.amount, stats.instrument, stats.side)
    }
}
