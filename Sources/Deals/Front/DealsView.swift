import AlmanacCore
import DealTable
import Foundation
import FrontKit
import TerminalKit

/// Deal rows as text: local time to the second, price to 0.01, amount to an integer.
package enum DealsView {
    package static let timeFormatter = formatter("yyyy-MM-dd HH:mm:ss")

    /// A fixed-format formatter of local times (POSIX locale, the current time zone).
    static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = format
        return formatter
    }

    package static func grouped(_ value: Int) -> String { NumberText.grouped(value) }

    /// Formats one row on a thread of its own, so the first frame that shows deals does not
    /// set up what formatting needs the first time: the time zone, the locale's date and number
    /// data (read from disk then) and the formatters. That was 6 ms of processor time in the
    /// app's first Deals frame, plus waits for the disk: the frame took 20–35 ms in soaks.
    /// Once a process: later calls do nothing.
    package static func warmUp() { _ = warming }

    private static let warming: Void = JobPool.normal.run {
        let deal = Deal(id: 1, dateModified: Date(), instrumentName: "EUR/USD", price: 1.08, amount: 1_000_000, side: .sell)
        _ = cells(deal, style: Style(enabled: true))
        _ = DealSummaryView.clock.string(from: deal.dateModified)  // the groups' `At` column (`F`)
    }

    package static func cells(_ deal: Deal, style: Style) -> [String] {
        let price = price(deal.price)
        return [
            String(deal.id), timeFormatter.string(from: deal.dateModified), deal.instrumentName,
            deal.side == .sell ? style.red(price) : style.green(price), amount(deal.amount), deal.side.rawValue,
        ]
    }

    /// A deal's price as every deals view shows it: five decimals, the quotes' own precision
    /// (1.07792), so a `price>1.078` filter's rows read as what it compared.
    package static func price(_ value: Double) -> String { NumberText.decimal(value, places: 5) }

    /// `1,234,567` for a whole amount (the simulated feed's), or one of 1,000 or more (its
    /// fraction does not matter); a fraction of a coin (a Kraken trade's volume) to 8 places,
    /// trailing zeros dropped: `0.01234`; a negative one (a net) with the Unicode minus.
    static func amount(_ value: Double) -> String {
        guard value != value.rounded(), abs(value) < 1_000 else { return grouped(Int(rounding: value)) }
        guard value >= 0 else { return NumberText.minus + amount(-value) }
        var text = DecimalText.fixed(value, 8)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    package static let columns: [Table.Column] = [
        .init("ID", .right), .init("Date modified"), .init("Instrument"), .init("Price", .right),
        .init("Amount", .right), .init("Side"),
    ]

    package static func table(_ deals: [Deal], column: DealColumn, descending: Bool, total: Int, style: Style) -> String {
        style.footer(["\(grouped(total)) deals, \(sorted(column, descending))"]) + "\n" + rendered(deals, sortedBy: column, style: style)
    }

    /// `sorted by price descending`.
    static func sorted(_ column: DealColumn, _ descending: Bool) -> String {
        "sorted by \(column.title.lowercased()) \(descending ? "descending" : "ascending")"
    }

    /// The rows as a table. Too wide for the terminal: whole columns left out, the least needed
    /// first (side, ID, amount, instrument), never the one sorted by; no date or number is cut.
    static func rendered(_ deals: [Deal], sortedBy column: DealColumn, style: Style) -> String {
        var table = Table(columns)
        for deal in deals { table.add(cells(deal, style: style)) }
        if let limit = style.columns, table.width > limit {
            let sorted = columns.firstIndex { $0.title == column.title }
            table = table.leavingOut([5, 0, 4, 2].filter { $0 != sorted }, toFit: limit)
        }
        return table.render(style: style)
    }

    /// The first rows of `store`'s view under a heading that says what matched, then the totals.
    package static func top(_ deals: [Deal], store: DealStore, style: Style) -> String {
        let filtered = !store.filter.isEmpty
        let matched = filtered ? "\(grouped(store.count)) of \(grouped(store.unfilteredCount)) deals match" : "\(grouped(store.count)) deals"
        var body = filtered && deals.isEmpty ? "No deal matches the filter." : rendered(deals, sortedBy: store.column, style: style)
        while body.hasSuffix("\n") { body.removeLast() }
        let heading = style.footer(["\(matched), \(sorted(store.column, store.descending))"])
        return [heading, body, style.footer(totalParts(store.totals))].joined(separator: "\n")
    }

    /// The totals' parts, for a line that wraps between them: `bought 12,345,678 in 4,011 deals`,
    /// `sold 9,876,543 in 3,990`, `average price 1.08234 (EUR/USD_TOD)`.
    static func totalParts(_ totals: DealTotals) -> [String] {
        var parts = [
            "bought \(amount(totals.boughtAmount)) in \(grouped(totals.buyCount)) \(totals.buyCount == 1 ? "deal" : "deals")",
            "sold \(amount(totals.soldAmount)) in \(grouped(totals.sellCount))",
        ]
        if let single = totals.single { parts.append("average price \(DecimalText.fixed(single.averagePrice, 5)) (\(single.instrument))") }
        return parts
    }
}
