import AlmanacKit
import Foundation

/// Watchlist and history renderings.
enum CryptoView {
    static func watchlist(_ prices: WatchlistPrices, style: Style, now: Date) -> String {
        var table = Table([.init("ID", .right), .init("Symbol"), .init("Name"), .init("Price", .right), .init("Change", .right)])
        for row in prices.rows {
            if let error = row.error {
                table.add([String(row.id), row.symbol, row.name, style.red("unavailable"), style.dim(String(error.prefix(40)))])
                continue
            }
            let change = PriceFormat.percent(row.changePercent)
            let coloured = (row.changePercent ?? 0) < 0 ? style.red(change) : style.green(change)
            table.add([String(row.id), row.symbol, row.name, PriceFormat.format(row.price), coloured])
        }
        return table.render(style: style) + "\n\n" + style.dim("Source: \(prices.provenance.label(now: now))")
    }

    static func history(_ history: PriceHistory, ohlc: Bool, style: Style, chart: Bool, now: Date) -> String {
        var columns: [Table.Column] = [.init("Date"), .init("Close", .right)]
        if ohlc { columns = [.init("Date"), .init("Open", .right), .init("High", .right), .init("Low", .right), .init("Close", .right)] }
        var table = Table(columns)
        for row in history.rows {
            let date = "\(row.date) \(LocalDate.weekdayNames[row.date.weekday].prefix(3))"
            table.add(ohlc ? [date, PriceFormat.format(row.open), PriceFormat.format(row.high), PriceFormat.format(row.low), PriceFormat.format(row.close)]
                           : [date, PriceFormat.format(row.close)])
        }
        var text = style.bold("\(history.symbol) — \(history.name), \(history.range.lowerBound) to \(history.range.upperBound)") + "\n\n" + table.render(style: style)
        if chart, history.rows.count > 1 {
            text += "\n\n" + LineChart.render(history.rows.map(\.close), height: 8, width: 60, unicode: style.unicode) { PriceFormat.format($0) }
        }
        return text + "\n\n" + style.dim("Source: \(history.provenance.label(now: now))")
    }
}

/// `--json` documents for crypto.
enum CryptoJSON {
    struct List: Encodable {
        var rows: [PriceRow]
        var source: String
        var fetchedAt: Date
        var stale: Bool
        init(_ prices: WatchlistPrices) {
            rows = prices.rows
            (source, fetchedAt, stale) = (prices.provenance.origin.rawValue, prices.provenance.fetchedAt, prices.provenance.stale)
        }
    }

    struct History: Encodable {
        var symbol: String
        var name: String
        var from: LocalDate
        var to: LocalDate
        var rows: [HistoryRow]
        var source: String
        var fetchedAt: Date
        var stale: Bool
        init(_ history: PriceHistory) {
            (symbol, name, from, to, rows) = (history.symbol, history.name, history.range.lowerBound, history.range.upperBound, history.rows)
            (source, fetchedAt, stale) = (history.provenance.origin.rawValue, history.provenance.fetchedAt, history.provenance.stale)
        }
    }
}
