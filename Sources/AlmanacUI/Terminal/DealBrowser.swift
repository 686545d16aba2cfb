import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

/// The full-screen live deals table. Deals keep arriving while the user scrolls; each frame
/// (at most 60 a second) merges what arrived, then draws only the visible rows in one write.
package final class DealBrowser {
    package let feed: DealFeed
    package let style: Style
    private var offset = 0
    private var follow = true
    private var anchorRow: Int?
    private var newWhilePaused = 0
    private var showKeys = false
    private let started = Date()
    /// Whether the footer lists keys (false inside the app, whose hint line does).
    package var showsHints = true

    package init(feed: DealFeed, style: Style) {
        self.feed = feed
        self.style = style
    }

    /// - Parameter term: the `TERM` the wiring read (`dumb` cannot hold a full screen).
    package func run(options: TransportOptions, term: String?) async throws {
        let terminal = RawTerminal()
        try terminal.enter(term: term)
        defer { terminal.leave() }
        let keys = KeyReader()
        keys.start()
        defer { keys.stop() }
        feed.start(options: options)
        var quit = false
        while !quit {
            let frameStart = Date()
            for key in keys.take() where handle(key) { quit = true }
            if quit { break }
            pump(budget: 0.010)
            RawTerminal.write(frame())
            let spent = Date().timeIntervalSince(frameStart)
            // The rest of the frame is a task sleep, not a blocked thread.
            if spent < 1.0 / 60 { try? await Task.sleep(nanoseconds: UInt64((1.0 / 60 - spent) * 1e9)) }
        }
    }

    /// Merges what arrived for up to `budget` seconds (in 512-deal chunks, each well under
    /// 2 ms), keeping the view followed or pinned. Up to 10 ms of each 16.7 ms frame, so keys
    /// are read at least 60 times a second at any table size.
    package func pump(budget: TimeInterval) {
        // A filter being built scans for up to a fifth of the budget; then the merges.
        if feed.store.step(until: DispatchTime.now().uptimeNanoseconds + UInt64(budget * 2e8)) { repin() }
        afterMerge(feed.pump(limit: .max, budget: budget))
    }

    /// Rows the table shows; set by each `lines` call (the window's height less the header and footer).
    private var pageSize = max(1, RawTerminal.size().rows - 4)

    private var maxOffset: Int { max(0, feed.store.count - pageSize) }

    /// Applies a key; returns true to quit.
    @discardableResult
    package func handle(_ key: Key) -> Bool {
        let store = feed.store
        if showKeys, key != .interrupt, key != .character("q") {
            showKeys = false
            return false
        }
        switch key {
        case .interrupt, .character("q"), .character("Q"): return true
        case .character("?"): showKeys = true
        case .up: scroll(to: offset - 1)
        case .down: scroll(to: offset + 1)
        case .pageUp: scroll(to: offset - pageSize)
        case .pageDown: scroll(to: offset + pageSize)
        case .home: scroll(to: 0)
        case .end: scroll(to: maxOffset)
        case .character("r"), .character("R"):
            store.setDescending(!store.descending)
            repin()
        case .character("s"), .character("S"):
            let all = DealColumn.allCases
            // The next column after the one shown or being sorted to; the sort runs off the frame.
            let from = store.sortingTo ?? store.column
            store.sortInBackground(by: all[(all.firstIndex(of: from)! + 1) % all.count])
        case .character(let c) where ("1"..."5").contains(c):
            store.sortInBackground(by: DealColumn.allCases[Int(String(c))! - 1])
        case .character("f"), .character("F"):
            follow.toggle()
            newWhilePaused = 0
            if follow { offset = 0 } else { anchorRow = offset < store.count ? store.row(atPosition: offset) : nil }
        default: break
        }
        return false
    }

    private func scroll(to target: Int) {
        offset = max(0, min(maxOffset, target))
        if offset != 0 || !follow {
            if follow { newWhilePaused = 0 }
            follow = false
            anchorRow = offset < feed.store.count ? feed.store.row(atPosition: offset) : nil
        }
    }

    /// After a sort change: follow stays at the top; pause keeps the same deal on top.
    private func repin() {
        if follow { offset = 0 } else if let anchorRow { offset = min(maxOffset, feed.store.position(ofRow: anchorRow)) }
    }

    private func afterMerge(_ merged: Int) {
        guard merged > 0 else { return }
        if follow {
            offset = 0
        } else {
            newWhilePaused += merged
            if let anchorRow { offset = min(maxOffset, feed.store.position(ofRow: anchorRow)) }
        }
    }

    // MARK: - Drawing

    private func frame() -> String {
        let (width, height) = RawTerminal.size()
        let body = lines(width: width, height: height).map { ScreenWriter.clip($0, width) + "\u{1B}[K" }.joined(separator: "\r\n")
        return "\u{1B}[H" + body
    }

    /// The screen's lines for a `width`×`height` area: a title, the table, the footer.
    package func lines(width: Int, height: Int) -> [String] {
        pageSize = max(1, height - 4)
        let store = feed.store
        let rows = store.window(offset: offset, count: max(0, height - 4))
        let arrow = store.descending ? "▼" : "▲"
        let mode = follow ? style.green("FOLLOW") : style.yellow("PAUSED") + (newWhilePaused > 0 ? " +\(DealsView.grouped(newWhilePaused)) new" : "")
        let sorting = store.sortingTo.map { " · " + style.yellow("sorting by \($0.title)…") } ?? ""
        var lines = [
            style.bold("Deals") + " · sorted by \(store.column.title) \(arrow) \(store.descending ? "descending" : "ascending") · " + mode + sorting
        ]
        if showKeys {
            lines += Self.keyHelp
        } else {
            var table = Table(
                DealsView.columns.enumerated().map { index, column in
                    let sortIndex = [DealColumn.date, .instrument, .price, .amount, .side].firstIndex(of: store.column).map { $0 + 1 }
                    return Table.Column(index == sortIndex ? column.title + arrow : column.title, column.alignment)
                })
            for deal in rows { table.add(DealsView.cells(deal, style: style)) }
            if let fitted = table.fitting(width: width, shrinking: 2, minimum: 6) {
                lines += fitted.render(style: style).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            } else {
                lines.append("The window is too narrow for the deals table; widen it, or press q to quit.")
            }
        }
        while lines.count < height - 1 { lines.append("") }
        let statusParts = status(rows.count)
        lines.append(style.dim(showsHints ? Self.footer(status: statusParts, width: width) : statusParts.joined(separator: " · ")))
        return Array(lines.prefix(height))
    }

    /// Received, rate and position, each with grouped digits: `rows 7,341–7,366 of 29,800`.
    private func status(_ shown: Int) -> [String] {
        let store = feed.store
        let elapsed = max(0.001, Date().timeIntervalSince(started))
        let total = feed.source.expected.map { " / " + DealsView.grouped($0) } ?? ""
        let rate = DealsView.grouped(Int(Double(feed.received) / elapsed))
        let range =
            store.count == 0
            ? "no rows" : "rows \(DealsView.grouped(offset + 1))–\(DealsView.grouped(offset + shown)) of \(DealsView.grouped(store.count))"
        return ["received \(DealsView.grouped(feed.received))\(total)", "\(rate) rows/s", range]
    }

    /// The keys, most needed first; `q quit` and `? keys` are never dropped.
    package static let hints = ["q quit", "? keys", "↑↓ scroll", "s/1-5 sort", "r reverse", "f follow", "PgUp PgDn", "Home End"]

    /// What `?` shows in place of the table.
    package static let keyHelp = [
        "", "  ↑ ↓          one row", "  PgUp PgDn    one page", "  Home End     first and last row", "  s            next sort column",
        "  1-5          sort by date, instrument, price, amount, side", "  r            reverse the order",
        "  f            follow new deals at the top, or pause", "  ?            this list (any key returns)", "  q  Ctrl+C   quit",
    ]

    /// The footer in `width` cells: `q quit` and `? keys` always; then the status parts by
    /// priority (where the window is, what arrived, the rate); then the other hints that fit.
    static func footer(status: [String], width: Int) -> String {
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
}
