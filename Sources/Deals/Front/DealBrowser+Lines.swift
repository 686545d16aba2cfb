import DealTable
import Deals
import Foundation
import FrontKit
import TerminalKit

/// The browser's lines around its table (`DealBrowser.lines`): the title, the notice above the
/// last line, and the status line, each fitted to the width.
extension DealBrowser {
    /// `Deals · filter: eur/usd (744 of 20,000) · sorted by Date modified ▼ descending · FOLLOW`;
    /// too wide for `width`, the arrow alone says the direction and the parts wrap between them.
    func titleLines(width: Int) -> [String] {
        let store = feed.store
        let arrow = store.descending ? "▼" : "▲"
        let mode = follow ? style.green("FOLLOW") : style.yellow("PAUSED") + (newWhilePaused > 0 ? " +\(DealsView.grouped(newWhilePaused)) new" : "")
        let sorting = store.sortingTo.map { [style.yellow("sorting by \($0.title)…")] } ?? []
        let order = "sorted by \(store.column.title) \(arrow)"
        let whole = [style.bold("Deals")] + filterState + [order + (store.descending ? " descending" : " ascending"), mode] + sorting
        var fitted = style
        fitted.columns = width
        if Style.width(whole.joined(separator: " · ")) <= width { return [whole.joined(separator: " · ")] }
        return fitted.joined([style.bold("Deals")] + filterState + [order, mode] + sorting).split(separator: "\n").map(String.init)
    }

    /// `filter: eur/usd (744 of 20,000)`, or the filter being built; none without a filter.
    var filterState: [String] {
        let store = feed.store
        if let pending = store.filterPending { return [style.yellow(pending.isEmpty ? "clearing the filter…" : "filtering…")] }
        guard !store.filter.isEmpty else { return [] }
        return ["filter: \(filterText) (\(DealsView.grouped(store.count)) of \(DealsView.grouped(store.unfilteredCount)))"]
    }

    /// Above the last line: the open field; else the last message, wrapped (a path stays
    /// whole); else the totals.
    func noticeLines(width: Int) -> [String] {
        if let prompt { return [prompt.field.lines(style: style, width: width)[0]] }
        return message.map { Style.wrap($0, width: width).map(style.yellow) } ?? [sourceLine(width: width)]
    }

    /// The last line: the open field's problem or keys; else the status with the keys.
    func statusLine(shown: Int, width: Int) -> String {
        if let prompt {
            let field = prompt.field.lines(style: style, width: width)
            let help = prompt.kind == .filter ? "Enter apply · Esc cancel · ? syntax" : "Enter go · Esc cancel"
            return field.count > 1 ? field[1] : style.dim(help)
        }
        return style.dim(Self.footer(status: status(shown), width: width, keys: showsHints ? Self.hints : []))
    }

    /// Received, rate and position, each with grouped digits: `rows 7,341–7,366 of 29,800`.
    func status(_ shown: Int) -> [String] {
        let store = feed.store
        if ended == nil, feed.isSourceFinished { ended = Date() }
        let elapsed = max(0.001, (ended ?? Date()).timeIntervalSince(started))
        let total = feed.source.expected.map { " / " + DealsView.grouped($0) } ?? ""
        let rate = DealsView.grouped(Int(Double(feed.received) / elapsed))
        let range =
            store.count == 0
            ? "no rows" : "rows \(DealsView.grouped(offset + 1))–\(DealsView.grouped(offset + shown)) of \(DealsView.grouped(store.count))"
        return ["received \(DealsView.grouped(feed.received))\(total)", "\(rate) rows/s", range]
    }
}
