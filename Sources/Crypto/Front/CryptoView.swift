import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Crypto
import Foundation
import FrontKit
import TerminalKit

/// Watchlist and history renderings.
package enum CryptoView {
    /// - Parameter moves: with a watch (`crypto --watch`, the app), the rows that moved since the
    ///   last update get ▲ or ▼ after the price (`^`/`v` without Unicode); nil: no marker column.
    /// Shown in another currency than a pair's own (`crypto settings --currency`), the price
    /// column names it, a row quoted through another pair shows that pair, converted rows are
    /// listed under the table with the rate, and a pair added in its own currency (`ETH/EUR`)
    /// says that currency beside its price.
    /// - Parameter portfolio: with a watch, the portfolio's totals line, above the source.
    package static func watchlist(
        _ prices: WatchlistPrices, style: Style, now: Date, moves: [String: PriceWatch.Move]? = nil, portfolio: PortfolioValuation? = nil
    ) -> String {
        let elsewhere = prices.rows.contains { $0.quotedAs != nil || $0.rateSymbol != nil }
        let priceTitle = elsewhere ? "Price (\(prices.currency ?? "?"))" : "Price"
        var table = Table([.init("ID", .right), .init("Symbol"), .init("Name"), .init(priceTitle, .right), .init("Change", .right)])
        table.leaveOutFirst(["Name"])
        var reasons: [(symbol: String, reason: String)] = []
        for row in prices.rows {
            if let error = row.error {
                // The row keeps the table's widths; why it has no price is said once, under the table.
                table.add([String(row.id), row.symbol, row.name, style.dim("—") + (moves == nil ? "" : "  "), style.dim("—")])
                let remembered = row.refusedUntil.map { " Not asked again until \(PriceFormat.clock($0, now: now)) (--refresh asks now)." } ?? ""
                reasons.append((row.symbol, unpriced(error) + remembered))
                continue
            }
            let change = PriceFormat.percent(row.changePercent)
            let coloured = (row.changePercent ?? 0) < 0 ? style.red(change) : style.green(change)
            let own = elsewhere && row.currency != nil && row.currency != prices.currency ? " " + (row.currency ?? "") : ""
            table.add([
                String(row.id), row.quotedAs ?? row.symbol, row.name, PriceFormat.format(row.price) + own + marker(moves, row.symbol, style),
                coloured,
            ])
        }
        let converted = conversions(prices.rows).map { style.dim($0) }
        let notes =
            (reasons.isEmpty ? "" : "\n\n" + reasonLines(reasons).map { style.yellow($0) }.joined(separator: "\n"))
            + (converted.isEmpty ? "" : "\n\n" + converted.joined(separator: "\n"))
        let alerts = prices.alerts.isEmpty ? "" : "\n\n" + prices.alerts.map { style.bold(alert($0, now: now)) }.joined(separator: "\n")
        let totals = portfolio.map { "\n\n" + PortfolioView.totalsLine($0, style: style) } ?? ""
        return table.render(style: style) + notes + alerts + totals + "\n\n" + style.footer(source(prices.provenance, prices.provider, now: now))
    }

    /// `Source: Kraken, live · Prices from Kraken's public API` or `Source: Twelve Data, cache (4 min
    /// old)`: the provider named once, by `Provider.brand`, then the credit its terms ask for.
    static func source(_ provenance: Provenance, _ provider: Provider, now: Date) -> [String] {
        let label = "Source: \(provider.brand), \(provenance.label(now: now))"
        return provider == .kraken ? [label, Kraken.attribution] : [label]
    }

    /// `BTC/USD, ETH/USD: no USD/JPY rate …`: rows with the same reason share one line.
    static func reasonLines(_ reasons: [(symbol: String, reason: String)]) -> [String] {
        var order: [String] = []
        var symbols: [String: [String]] = [:]
        for (symbol, reason) in reasons {
            if symbols[reason] == nil { order.append(reason) }
            symbols[reason, default: []].append(symbol)
        }
        return order.map { "\(symbols[$0]!.joined(separator: ", ")): \($0)" }
    }

    /// `XRP/USD, ADA/USD: converted to EUR at 0.8621 (USD/EUR).`, one line per rate.
    static func conversions(_ rows: [PriceRow]) -> [String] {
        var order: [String] = []
        var byRate: [String: (rate: Double, currency: String, symbols: [String])] = [:]
        for row in rows {
            guard let symbol = row.rateSymbol, let rate = row.rate, let currency = row.currency else { continue }
            if byRate[symbol] == nil { order.append(symbol) }
            byRate[symbol, default: (rate, currency, [])].symbols.append(row.symbol)
        }
        return order.compactMap { symbol in
            byRate[symbol].map { "\($0.symbols.joined(separator: ", ")): converted to \($0.currency) at \(rateText($0.rate)) (\(symbol))." }
        }
    }

    /// A rate with up to 6 significant decimals: `0.8621`, `151.37`.
    package static func rateText(_ rate: Double) -> String {
        var text = String(format: "%.6f", rate)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// ` ▲` (green) or ` ▼` (red) for a row that moved, two spaces for one that did not, nothing
    /// without a watch.
    static func marker(_ moves: [String: PriceWatch.Move]?, _ symbol: String, _ style: Style) -> String {
        guard let moves else { return "" }
        switch moves[symbol] {
        case .up?: return " " + style.green(style.unicode ? "▲" : "^")
        case .down?: return " " + style.red(style.unicode ? "▼" : "v")
        case nil: return "  "
        }
    }

    /// `Alert 2: BTC/USD above 90,000.00 — 91,234.50 at 12:00 UTC.` (triggered) or
    /// `Alert 2: BTC/USD above 90,000.00 — armed.`
    package static func alert(_ alert: PriceAlerts.Alert, now: Date) -> String {
        let limit = PriceFormat.format(Double(alert.price))
        let head = "Alert \(alert.id): \(alert.symbol) \(alert.direction.rawValue) \(limit)"
        guard let at = alert.triggeredAt, let seen = alert.seenPrice else { return head + " — armed." }
        let sample = alert.seenFrom?.origin == .fixture ? ", sample data" : ""
        return head + " — \(PriceFormat.format(Double(seen))) at \(PriceFormat.clock(at, now: now))\(sample)."
    }

    /// A triggered alert's desktop notification (`crypto alert check --notify`): sent once for each
    /// time it triggers (a re-armed alert that triggers again is sent again); nil while armed.
    package static func notification(_ alert: PriceAlerts.Alert, now: Date) -> DesktopNotification? {
        guard let at = alert.triggeredAt else { return nil }
        return DesktopNotification(
            key: "alert \(alert.id)", fingerprint: DesktopNotification.fingerprint([alert.symbol, alert.price, "\(at.timeIntervalSince1970)"]),
            keepUntil: now.addingTimeInterval(366 * 86_400),
            summary: "\(alert.symbol) \(alert.direction.rawValue) \(PriceFormat.format(Double(alert.price)))", body: Self.alert(alert, now: now),
            urgency: .normal)
    }

    /// Why a pair just added shows no price, in one sentence naming who prices this run.
    package static func gap(_ gap: CryptoService.PriceGap, symbol: String) -> String {
        switch gap {
        case .notListed(let provider): "\(provider) does not list \(symbol), so it shows no price; Twelve Data prices it with TWELVEDATA_API_KEY."
        case .notRecorded(let provider, true): "The recorded \(provider) prices have none for \(symbol); it shows without --offline."
        case .notRecorded(let provider, false): "The recorded \(provider) prices have none for \(symbol); it shows once \(provider) can be reached."
        case .needsKey(let provider, let variable): "The \(provider) sample data has no price for \(symbol); it shows once \(variable) is set."
        }
    }

    /// The provider's reason for a pair with no price, in one short sentence.
    static func unpriced(_ error: String) -> String {
        if error.lowercased().contains("not found") { return "Twelve Data has no price for this pair." }
        let line = error.split(whereSeparator: \.isNewline).first.map(String.init) ?? error
        return line.hasSuffix(".") ? line : line + "."
    }

    /// `2026-11-14 to 2026-11-20`, and the range asked for when the rows cover less of it.
    static func rangeText(_ history: PriceHistory) -> String {
        let covered = history.covered
        let text = "\(covered.lowerBound) to \(covered.upperBound)"
        guard covered != history.range else { return text }
        return text + " (asked for \(history.range.lowerBound) to \(history.range.upperBound))"
    }

    package static func history(_ history: PriceHistory, ohlc: Bool, style: Style, chart: Bool, now: Date) -> String {
        var columns: [Table.Column] = [.init("Date"), .init("Close", .right)]
        if ohlc { columns = [.init("Date"), .init("Open", .right), .init("High", .right), .init("Low", .right), .init("Close", .right)] }
        var table = Table(columns)
        for row in history.rows {
            let date = "\(row.date) \(LocalDate.weekdayNames[row.date.weekday].prefix(3))"
            table.add(
                ohlc
                    ? [date, PriceFormat.format(row.open), PriceFormat.format(row.high), PriceFormat.format(row.low), PriceFormat.format(row.close)]
                    : [date, PriceFormat.format(row.close)])
        }
        var text =
            style.sentence(style.bold("\(history.symbol) — \(history.name), \(rangeText(history))")) + "\n\n"
            + table.render(style: style)
        if chart, history.rows.count > 1 {
            text += "\n\n" + LineChart.render(history.rows.map(\.close), height: 8, width: 60, unicode: style.unicode) { PriceFormat.format($0) }
        }
        return text + "\n\n" + style.footer(source(history.provenance, history.provider, now: now))
    }
}

extension CryptoView {
    /// The credit budget: this minute, today, and the server's last word.
    package static func usage(_ usage: CreditUsage, server: TwelveDataDTO.APIUsage?, plan: String, style: Style, now: Date) -> String {
        var table = Table([.init("Window"), .init("Used", .right), .init("Left", .right), .init("Limit", .right), .init("Fresh credits")])
        let next = usage.nextCreditAt.map { "in \(Age.describe($0.timeIntervalSince(now).rounded(.up)))" } ?? "now"
        table.add(["this minute", String(usage.minuteUsed), String(usage.minuteLeft), String(usage.minuteLimit), next])
        table.add([
            "today (UTC)", String(usage.dayUsed), String(usage.dayLeft), String(usage.dayLimit),
            "at 00:00 UTC, in \(Age.describe(usage.dayResetsAt.timeIntervalSince(now)))",
        ])
        var text = style.bold(plan) + "\n\n" + table.render(style: style)
        if let server {
            text +=
                "\n\nTwelve Data says: \(server.current_usage.map(String.init) ?? "?") of \(server.plan_limit.map(String.init) ?? "?") this minute"
            if let daily = server.daily_usage { text += ", \(daily) of \(server.plan_daily_limit.map(String.init) ?? "?") today" }
            if let category = server.plan_category { text += " (plan: \(category))" }
            text += "."
        } else if let used = usage.serverUsed, let left = usage.serverLeft, let at = usage.serverAt {
            text += "\n\n" + style.dim("Last count from Twelve Data: \(used) used, \(left) left, \(Age.describe(now.timeIntervalSince(at))) ago.")
        } else {
            text += "\n\n" + style.dim("No answer from Twelve Data yet; the figures are this machine's own count.")
        }
        return text
    }
}

/// `--json` documents for crypto.
package enum CryptoJSON {
    package struct Usage: Encodable {
        var plan: String
        var minute, day: Window
        var server: Server?
        package struct Window: Encodable {
            var used, left, limit: Int
            var resetsAt: Date?
        }
        package struct Server: Encodable {
            var used, left, limit, dailyUsed, dailyLimit: Int?
            var at: Date?
        }
        package init(_ usage: CreditUsage, server: TwelveDataDTO.APIUsage?, plan: String) {
            self.plan = plan
            minute = Window(used: usage.minuteUsed, left: usage.minuteLeft, limit: usage.minuteLimit, resetsAt: usage.nextCreditAt)
            day = Window(used: usage.dayUsed, left: usage.dayLeft, limit: usage.dayLimit, resetsAt: usage.dayResetsAt)
            if let server {
                self.server = Server(
                    used: server.current_usage, left: server.plan_limit.flatMap { limit in server.current_usage.map { limit - $0 } },
                    limit: server.plan_limit, dailyUsed: server.daily_usage, dailyLimit: server.plan_daily_limit, at: nil)
            } else if usage.serverUsed != nil {
                self.server = Server(used: usage.serverUsed, left: usage.serverLeft, limit: nil, dailyUsed: nil, dailyLimit: nil, at: usage.serverAt)
            }
        }
    }

    /// `crypto --json`: the rows with where their prices came from.
    package static func list(_ prices: WatchlistPrices) -> Sourced<List> { Sourced(List(prices), prices.provenance) }

    package struct List: Encodable {
        /// The currency of the settings (each row says the one its price is in).
        var currency: String?
        var rows: [PriceRow]
        /// Alerts these prices set off.
        var alerts: [Sourced<AlertJSON>]
        /// `twelvedata` or `kraken`.
        var provider: String
        package init(_ prices: WatchlistPrices) {
            provider = prices.provider.rawValue
            (currency, rows) = (prices.currency, prices.rows)
            alerts = prices.alerts.map(AlertJSON.of)
        }
    }

    package struct History: Encodable {
        var symbol, name: String
        /// The days the rows cover (as the text heading says).
        var from, to: LocalDate
        /// The days asked for, when the rows cover less of them (sample data ends where it was recorded).
        var asked: Asked?
        var rows: [HistoryRow]
        /// `twelvedata` or `kraken`.
        var provider: String

        struct Asked: Encodable {
            var from, to: LocalDate
        }

        package init(_ history: PriceHistory) {
            provider = history.provider.rawValue
            let covered = history.covered
            (symbol, name, from, to, rows) = (history.symbol, history.name, covered.lowerBound, covered.upperBound, history.rows)
            if covered != history.range { asked = Asked(from: history.range.lowerBound, to: history.range.upperBound) }
        }
    }
}
