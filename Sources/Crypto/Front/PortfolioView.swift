import AlmanacClient
import AlmanacCore
import AlmanacProviders
import Crypto
import Foundation
import FrontKit
import TerminalKit

/// The portfolio as a table and as JSON. Money (value, cost, profit) to the cent with thousands
/// separators; a price with the pair's own precision (`PriceFormat`); amounts as entered.
package enum PortfolioView {
    package static func table(_ valuation: PortfolioValuation, provenance: Provenance, style: Style, now: Date) -> String {
        guard !valuation.items.isEmpty else {
            return "The portfolio is empty. Add a lot: almanac crypto portfolio add BTC/USD 0.5 --price 60000"
        }
        var table = Table([
            .init("ID", .right), .init("Pair"), .init("Amount", .right), .init("Price", .right), .init("Value", .right),
            .init("Cost", .right), .init("P/L", .right), .init("P/L %", .right),
        ])
        for item in valuation.items {
            table.add([
                String(item.lot.id), item.lot.symbol, "\(item.lot.amount)", item.price.map { PriceFormat.format(double($0)) } ?? "—",
                money(item.value), money(item.cost), signed(money(item.profit), item.profit, style), percent(item.profitPercent, style),
            ])
        }
        let totals = valuation.totals
        table.add([
            "", "Total", "", "", money(totals.value), money(totals.cost), signed(money(totals.profit), totals.profit, style),
            percent(totals.profitPercent, style),
        ])
        var text = table.render(style: style)
        while text.hasSuffix("\n") { text.removeLast() }
        if valuation.items.contains(where: { $0.price == nil }) { text += "\n" + style.dim("— no price known: the lot counts at its cost.") }
        text += conversions(valuation).map { "\n" + style.dim($0) }.joined()
        return text + "\n\n" + style.dim("Source: \(provenance.label(now: now))")
    }

    /// `In EUR; costs paid in USD converted at today's rate, 0.8621 (USD/EUR).`, when any lot's
    /// pair is quoted in another currency than the settings'.
    static func conversions(_ valuation: PortfolioValuation) -> [String] {
        guard let currency = valuation.currency else { return [] }
        var seen = Set<String>()
        let rates = valuation.items.compactMap { item -> String? in
            guard let rate = item.costRate else { return nil }
            let from = PairResolver.quote(item.lot.symbol)
            guard seen.insert(from).inserted else { return nil }
            return "\(from) at \(CryptoView.rateText(double(rate))) (\(from)/\(currency))"
        }
        guard !rates.isEmpty else { return [] }
        let quoted = valuation.items.compactMap { item in item.quotedAs.map { "\(item.lot.symbol) as \($0)" } }
        let through = Array(Set(quoted)).sorted()
        return ["In \(currency); costs paid in another currency converted at today's rate: \(rates.joined(separator: ", "))."]
            + (through.isEmpty ? [] : ["Priced through pairs in \(currency): \(through.joined(separator: ", "))."])
    }

    /// `Portfolio: value 45,617.25 · cost 40,000.00 · P/L +5,617.25 (+14.04 %)`, for the watch.
    package static func totalsLine(_ valuation: PortfolioValuation, style: Style) -> String {
        let totals = valuation.totals
        let profit = signed(money(totals.profit), totals.profit, style)
        let percent = totals.profitPercent.map { " (" + self.percent($0, style) + ")" } ?? ""
        return "\(style.bold("Portfolio")): value \(money(totals.value)) · cost \(money(totals.cost)) · P/L \(profit)\(percent)"
    }

    /// `1,234.57`, `−54,382.75`: rounded to the cent (half away from zero), grouped, the Unicode
    /// minus for a loss (the number rule).
    package static func money(_ value: Decimal) -> String {
        let rounded = cents(value)
        let text = "\(rounded < 0 ? -rounded : rounded)"
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? String(parts[1]).padding(toLength: 2, withPad: "0", startingAt: 0) : "00"
        return (rounded < 0 ? NumberText.minus : "") + NumberText.grouped(digits: parts[0]) + "." + fraction
    }

    /// Rounded to two decimals (money and percent), half away from zero.
    package static func cents(_ value: Decimal) -> Decimal {
        var source = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &source, 2, .plain)
        return rounded
    }

    /// The double nearest the decimal (parsed from its text: `NSDecimalNumber.doubleValue` can be
    /// off by one in the last bit, which turned 2,678.235 into 2,678.23).
    private static func double(_ value: Decimal) -> Double { Double("\(value)") ?? NSDecimalNumber(decimal: value).doubleValue }

    private static func signed(_ text: String, _ value: Decimal, _ style: Style) -> String {
        value > 0 ? style.green("+" + text) : value < 0 ? style.red(text) : text
    }

    private static func percent(_ value: Decimal?, _ style: Style) -> String {
        guard let value else { return "—" }
        let text = PriceFormat.percent(double(value))
        return value > 0 ? style.green(text) : value < 0 ? style.red(text) : text
    }
}

/// `crypto portfolio --json`: `{"items":[{"id","symbol","amount","price","value","cost","profit",
/// "profitPercent","date"}],"totals":{"value","cost","profit","profitPercent"},"currency",
/// "source","fetchedAt","stale"}`; money as exact decimals (JSON numbers).
package struct PortfolioJSON: Encodable {
    package struct Item: Encodable {
        var id: Int
        var symbol: String
        var amount: Decimal
        var price: Decimal?
        var value, cost, profit: Decimal
        var profitPercent: Decimal?
        var date: LocalDate
    }

    package struct Totals: Encodable {
        var value, cost, profit: Decimal
        var profitPercent: Decimal?
    }

    var items: [Item]
    var totals: Totals
    /// The currency of prices, values and costs (`USD`).
    var currency: String?

    package init(_ valuation: PortfolioValuation) {
        items = valuation.items.map {
            Item(
                id: $0.lot.id, symbol: $0.lot.symbol, amount: $0.lot.amount, price: $0.price, value: PortfolioView.cents($0.value),
                cost: PortfolioView.cents($0.cost),
                profit: PortfolioView.cents($0.profit), profitPercent: $0.profitPercent.map(PortfolioView.cents), date: $0.lot.date)
        }
        let totals = valuation.totals
        self.totals = Totals(
            value: PortfolioView.cents(totals.value), cost: PortfolioView.cents(totals.cost), profit: PortfolioView.cents(totals.profit),
            profitPercent: totals.profitPercent.map(PortfolioView.cents))
        let currencies = Set(valuation.items.map { PairResolver.quote($0.lot.symbol) })
        currency = valuation.currency ?? (currencies.count == 1 ? currencies.first : nil)
    }

}
