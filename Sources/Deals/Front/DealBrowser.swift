import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import DealTable
import Deals
import Foundation
import FrontKit
import TerminalKit

/// The full-screen live deals table. Deals keep arriving while the user scrolls; each frame
/// (at most 60 a second) merges what arrived, then draws only the visible rows in one write.
package final class DealBrowser {
    package let feed: DealFeed
    package let style: Style
    var offset = 0, newWhilePaused = 0
    var follow = true
    private var anchorRow: Int?
    private var showKeys = false
    let started = Date()
    /// When the source ended: the rate is its average over the stream, not over the time since.
    var ended: Date?
    /// Whether the footer lists keys (false inside the app, whose hint line does).
    package var showsHints = true
    /// The one-line field open for `/` (a filter) or `g` (a deal ID); nil when none.
    var prompt: (kind: PromptKind, field: LineField)?
    /// Whether the filter syntax shows in place of the table (`?` in the filter field).
    private var showSyntax = false
    /// The last filter line that was read (what `/` starts from, and `n`/`N` look for).
    var filterText = ""
    /// What the last action said (a jump, an export, a filter); shown until the next key.
    var message: String?
    /// "Today" for `since:` and `until:`, and where `e` writes.
    let today: LocalDate
    let exportFolder: URL
    /// The export `e` started, written on a thread of its own; nil when none runs.
    var exporting: DealExport.Job?
    /// The groups or statistics shown in place of the rows (`F`, `I`); nil: the rows.
    var summary: DealSummaryPanel?
    /// The two panels, made once: each runs at most one build, so pressing `F` or `I` again and
    /// again never starts builds side by side (new panels a key once took the soak to 3.1 GB).
    let panels = (groups: DealSummaryPanel(.groups), statistics: DealSummaryPanel(.statistics))
    /// The filter line the groups were shown under, while the table is a group opened from
    /// them: `Esc` returns to them under it. Nil otherwise.
    var drilledFrom: String?

    enum PromptKind { case filter, jump }

    /// - Parameters:
    ///   - today: the day `since:today` means (the run's, pinned by `ALMANAC_TODAY`).
    ///   - exportFolder: where `e` writes its file (the current folder by default).
    package init(
        feed: DealFeed, style: Style, today: LocalDate = .local(Date()),
        exportFolder: URL = URL(fileURLWithPath: Invocation.directory)
    ) {
        self.feed = feed
        self.style = style
        self.today = today
        self.exportFolder = exportFolder
        DealsView.warmUp()
    }

    /// True while a field takes every key (the app then passes keys straight here).
    package var isPrompting: Bool { prompt != nil }

    /// Starts with `filter` (from the command line), written as `text`.
    package func startFiltering(_ filter: DealFilter, text: String) {
        filterText = text
        feed.store.filterInBackground(filter)
    }

    /// - Parameter term: the `TERM` the wiring read (`dumb` cannot hold a full screen).
    package func run(options: TransportOptions, term: String?) async throws {
        let terminal = RawTerminal()
        try terminal.enter(term: term, purpose: "deals browse", alternative: "`almanac deals top`")
        defer { terminal.leave() }
        let loop = FrameLoop.screen
        let keys = KeyReader { loop.wake() }
        keys.start()
        defer { keys.stop() }
        feed.onArrival { loop.wake() }
        feed.start(options: options)
        defer { if let words = finishExport() { lastWords = words } }
        await loop.run {
            for key in keys.take() where handle(key) { return nil }
            pump(budget: 0.010)
            RawTerminal.write(frame())
            return frameInterval
        }
        // Quitting waits for an export still being written: the screen says so meanwhile.
        if let finishing {
            message = finishing
            RawTerminal.write(frame())
        }
    }

    /// What quitting waits for, as a sentence: an export still being written; nil for nothing.
    package var finishing: String? {
        exporting.map { "Finishing the export to \($0.url.lastPathComponent) before quitting…" }
    }

    /// What to say after the screen is restored: how an export still running at `q` ended.
    package private(set) var lastWords: String?

    /// How soon the next frame is needed with no key pressed: 60 a second while the table has
    /// work (deals to merge, a filter building), else once a second (the rate and ages in the
    /// footer). A re-sort or an export runs off the thread and wakes the loop as it lands.
    package var frameInterval: TimeInterval { feed.hasWork ? FrameLoop.fastest : FrameLoop.idle }

    /// The deals work of one frame of the app's Deals tab, in seconds: 3.5 ms, so a frame stays
    /// under 4 ms with a 512-deal chunk's overrun however busy the table is.
    package static let frameBudget: TimeInterval = 0.0035

    /// One frame's deals work in `budget` seconds: a background re-sort or filter moves for up
    /// to half of it, then what arrived is merged (in chunks sized to the time left, the first
    /// of at most 512 deals, well under 2 ms) until the budget is spent, keeping the view
    /// followed or pinned. The standalone browser gives it 10 ms of each 16.7 ms frame, so keys
    /// are read 60 times a second at any size.
    package func pump(budget: TimeInterval) {
        let start = DispatchTime.now().uptimeNanoseconds
        if feed.store.step(until: start + UInt64(budget * 5e8)) { repin() }
        let spent = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        afterMerge(feed.pump(limit: .max, budget: max(0, budget - spent)))
        collectExport()
        summary?.refresh(feed.store, filter: filterText) { FrameLoop.screen.wake() }
    }

    /// Rows the table shows; set by each `lines` call (the window's height less the header and footer).
    private var pageSize = max(1, RawTerminal.size().rows - 5)

    private var maxOffset: Int { max(0, feed.store.count - pageSize) }

    /// Applies a key; returns true to quit.
    @discardableResult
    package func handle(_ key: Key) -> Bool {
        if key == .interrupt { return true }
        if prompt != nil { return handlePrompt(key) }
        if showKeys, key != .character("q") {
            showKeys = false
            return false
        }
        message = nil
        if summary != nil { return handleSummary(key) }
        switch key {
        case .interrupt, .character("q"), .character("Q"): return true
        case .character("?"): showKeys = true
        case .up: scroll(to: offset - 1)
        case .down: scroll(to: offset + 1)
        case .pageUp: scroll(to: offset - pageSize)
        case .pageDown: scroll(to: offset + pageSize)
        case .home: scroll(to: 0)
        case .end: scroll(to: maxOffset)
        case .character(let c) where "rRsS12345".contains(c): order(key)
        case .character("f"): toggleFollow()
        case .character("F"): summary = panels.groups
        case .character("i"), .character("I"): summary = panels.statistics
        case .character("/"): prompt = (.filter, filterField(filterText))
        case .escape: clearFilter()
        case .character("g"), .character("G"): prompt = (.jump, LineField("Go to deal ID:", check: Self.checkID))
        case .character("n"): step(forward: true)
        case .character("N"): step(forward: false)
        case .character("e"), .character("E"): export()
        default: break
        }
        return false
    }

    /// `r` reverses the order; `s` sorts by the next column after the one shown or being sorted
    /// to, `1`–`5` by that column (the sort runs off the frame).
    private func order(_ key: Key) {
        let store = feed.store
        let all = DealColumn.allCases
        switch key {
        case .character("r"), .character("R"):
            store.setDescending(!store.descending)
            repin()
        case .character(let c) where ("1"..."5").contains(c):
            store.sortInBackground(by: all[Int(String(c))! - 1])
        default:
            let from = store.sortingTo ?? store.column
            store.sortInBackground(by: all[(all.firstIndex(of: from)! + 1) % all.count])
        }
    }

    // MARK: - Filter, jump, export

    private func filterField(_ text: String) -> LineField {
        var field = LineField("Filter (? syntax):", text: text, replaceable: false) { [today] line in
            do {
                _ = try DealFilter.parse(line, today: today)
                return nil
            } catch {
                return "\(error)"
            }
        }
        field.limit = 200
        return field
    }

    private static func checkID(_ text: String) -> String? {
        Int64(text.trimmingWhitespace()).map { $0 > 0 } == true ? nil : "A deal ID is a whole number, e.g. 604891."
    }

    /// A key while a field is open: Enter applies, Esc closes, `?` (filter) shows the syntax.
    private func handlePrompt(_ key: Key) -> Bool {
        guard let kind = prompt?.kind, var field = prompt?.field else { return false }
        if kind == .filter, key == .character("?") {
            showSyntax.toggle()
            return false
        }
        switch field.handle(key) {
        case .editing: prompt = (kind, field)
        case .cancelled: (prompt, showSyntax) = (nil, false)
        case .submitted(let text):
            (prompt, showSyntax) = (nil, false)
            kind == .filter ? applyFilter(text) : jump(to: text)
        }
        return false
    }

    func applyFilter(_ text: String) {
        guard let filter = try? DealFilter.parse(text, today: today) else { return }
        filterText = text.trimmingWhitespace()
        feed.store.filterInBackground(filter)
        message = filter.isEmpty ? "Filter cleared." : "Filtering: \(filterText)"
    }

    /// `g`: the deal with that ID, in the order shown, else why it is not there.
    private func jump(to text: String) {
        guard let id = Int64(text.trimmingWhitespace()) else { return }
        switch feed.store.find(id: id) {
        case .at(let position):
            pin(at: position)
            message = "Deal \(id) is row \(DealsView.grouped(position + 1))."
        case .filteredOut: message = "Deal \(id) is hidden by the filter (Esc clears it)."
        case .notReceived: message = "Deal \(id) has not arrived yet."
        }
    }

    /// `n`/`N`: the next (previous) row whose instrument contains the filter's text.
    private func step(forward: Bool) {
        guard let text = feed.store.filter.instrument, !text.isEmpty else {
            message =
                feed.store.filterPending != nil
                ? "The filter is still being applied; n and N follow it once it shows."
                : "n and N step through rows whose instrument contains the filter's text; set it with /."
            return
        }
        guard let position = feed.store.nextPosition(after: offset, instrumentContaining: text, forward: forward) else {
            message = "No row's instrument contains \"\(text)\" in the 250,000 rows from here."
            return
        }
        pin(at: position)
    }

    /// Pauses with `position` at the top of the page (or as near as the end allows).
    private func pin(at position: Int) {
        follow = false
        newWhilePaused = 0
        offset = max(0, min(maxOffset, position))
        anchorRow = offset < feed.store.count ? feed.store.row(atPosition: offset) : nil
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

    private func toggleFollow() {
        follow.toggle()
        newWhilePaused = 0
        if follow { offset = 0 } else { anchorRow = offset < feed.store.count ? feed.store.row(atPosition: offset) : nil }
    }

    /// After a merge: follow stays at the top; pause counts the new deals and keeps the same deal on top.
    private func afterMerge(_ merged: Int) {
        guard merged > 0 else { return }
        if !follow { newWhilePaused += merged }
        repin()
    }

    // MARK: - Drawing

    private func frame() -> String {
        let (width, height) = RawTerminal.size()
        let body = lines(width: width, height: height).map { ScreenWriter.clip($0, width) + "\u{1B}[K" }.joined(separator: "\r\n")
        return "\u{1B}[H" + body
    }

    /// The screen's lines for a `width`×`height` area: a title, the table, the footer.
    package func lines(width: Int, height: Int) -> [String] {
        let title = titleLines(width: width)
        let notice = noticeLines(width: width)
        let room = max(0, height - 3 - title.count - notice.count)  // the table's header and rule, the status line
        pageSize = max(1, room)
        offset = min(offset, maxOffset)  // a filter can leave fewer rows than the page started at
        let rows = feed.store.window(offset: offset, count: room)
        var lines = title
        if showKeys {
            lines += Style.keyRows(Self.keyHelp, width: width)
        } else if showSyntax {
            lines += [""] + DealFilter.syntax.map { "  " + $0 }
        } else if let summary {
            lines += summary.lines(style: style, width: width, height: height - 1 - title.count - notice.count)
        } else {
            lines += tableLines(rows, width: width)
        }
        while lines.count < height - 1 - notice.count { lines.append("") }
        lines += notice + [statusLine(shown: rows.count, width: width)]
        return Array(lines.prefix(height))
    }

    /// The rows as a table within `width`: the instrument shortened, then whole columns left
    /// out (side, ID, amount; never the sorted one); narrower still, a sentence that wraps.
    private func tableLines(_ rows: [Deal], width: Int) -> [String] {
        let store = feed.store
        let sortIndex = DealColumn.allCases.firstIndex(of: store.column)! + 1  // the columns in order, after the ID
        var table = Table(DealsView.columns)
        table.columns[sortIndex].title += store.descending ? "▼" : "▲"
        for deal in rows { table.add(DealsView.cells(deal, style: style)) }
        let narrow = table.leavingOut([5, 0, 4].filter { $0 != sortIndex }, toFit: width)
        guard let fitted = table.fitting(width: width, shrinking: 2, minimum: 6) ?? (narrow.width <= width ? narrow : nil) else {
            return Style.wrap("The window is too narrow for the deals table; widen it, or press q to quit.", width: width)
        }
        return fitted.render(style: style).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
