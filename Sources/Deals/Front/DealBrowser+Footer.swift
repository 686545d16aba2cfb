import FrontKit
import TerminalKit

extension DealBrowser {
    /// The totals; or why the source ended early, or where its deals come from instead (Kraken
    /// unreachable: its recorded trades), as `deals top` says it — an empty table always says why.
    func sourceLine(width: Int) -> String {
        if let failure = feed.failure { return style.yellow(Style.leading(["Could not read deals: \(failure)"], width: width)) }
        let totals = DealsView.totalParts(feed.store.totals)
        guard let label = feed.label else { return style.dim(Style.leading(totals, width: width)) }
        return style.yellow(Style.leading([label] + (feed.store.count == 0 ? [] : totals), width: width))
    }

    /// The footer in `width` cells: `q quit` and `? keys` always (when `keys`); then the status
    /// parts by priority (where the window is, what arrived, the rate), each whole or not at all;
    /// then the other hints that fit.
    static func footer(status: [String], width: Int, keys hints: [String] = DealBrowser.hints) -> String {
        let separator = " · "
        func length(_ parts: [String]) -> Int { parts.map { Style.width($0) }.reduce(0, +) + separator.count * max(0, parts.count - 1) }
        let required = Array(hints.prefix(2))
        var shown = Set<Int>()
        for index in [2, 0, 1] where index < status.count {
            let parts = status.indices.filter { shown.contains($0) || $0 == index }.map { status[$0] }
            if length(parts + required) <= width { shown.insert(index) }
        }
        let statusParts = status.indices.filter(shown.contains).map { status[$0] }
        var kept = required
        for hint in hints.dropFirst(2) where length(statusParts + kept + [hint]) <= width { kept.append(hint) }
        return (statusParts + kept).joined(separator: separator)
    }

    /// The keys, most needed first; `q quit` and `? keys` are never dropped.
    package static let hints = [
        "q quit", "? keys", "/ filter", "↑↓ scroll", "s/1-5 sort", "r reverse", "f follow", "F groups", "I stats", "g go to", "n next",
        "e export", "PgUp PgDn", "Home End",
    ]

    /// What `?` shows in place of the table.
    package static let keyHelp = [
        "", "  ↑ ↓          one row", "  PgUp PgDn    one page", "  Home End     first and last row", "  s            next sort column",
        "  1-5          sort by date, instrument, price, amount, side", "  r            reverse the order",
        "  f            follow new deals at the top, or pause", "  F            groups (b by, s order, r reverse, Enter open)",
        "  I            statistics of each column", "  /            filter (eur/usd side:buy price>1.08; ? in it: syntax)",
        "  Esc          clear the filter", "  g            go to a deal by ID", "  n N          next, previous row matching the filter's text",
        "  e            export the view to deals-<time>.csv", "  ?            this list (any key returns)", "  q  Ctrl+C   quit",
    ]
}
