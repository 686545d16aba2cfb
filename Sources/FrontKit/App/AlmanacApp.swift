import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit

/// The full-screen app: a tab bar on top, the shown tab's screen, a status line and the key
/// hints at the bottom. Keys are read on their own thread; each frame (at most 60 a second)
/// applies the keys typed, lets every tab do its per-frame work, and redraws only the lines
/// that changed. Background loads never block it.
package final class AlmanacApp {
    package let tabs: [any AppTab]
    package let style: Style
    package let log: AppLog
    /// The Twelve Data budget line ("Twelve Data 6/8 credits this minute"), or nil. It reads the
    /// budget's state file, so the status line asks it at most once a second.
    let budget: () -> String?
    private var budgetLine: (text: String?, at: Date) = (nil, .distantPast)
    package private(set) var index = 0
    private var showingKeys = false
    /// Whether the screen shows the session's messages in full (`m`).
    private var showingMessages = false
    private var activated = Set<Int>()
    /// What quitting waits for (`AppTab.finishing`), shown in the status line of the last frame.
    private var closing: String?

    package init(tabs: [any AppTab], style: Style, log: AppLog, budget: @escaping () -> String? = { nil }) {
        self.tabs = tabs
        self.style = style
        self.log = log
        self.budget = budget
    }

    package var current: any AppTab { tabs[index] }

    /// How long frames took (keys, every tab's tick, the draw); written to `ALMANAC_FRAME_LOG`
    /// when the app ends, for the soak test (`scripts/soak.sh`).
    package var frames = FrameStats(file: nil)

    /// Runs until `q` or Ctrl+C; the terminal is restored however it ends.
    /// - Parameter term: the `TERM` the wiring read (`dumb` cannot hold a full screen).
    package func run(term: String?) async throws {
        defer { frames.save() }
        var lastWords: [String] = []
        // Registered before the terminal's restore, so it runs after it: on the shell's screen.
        defer { for words in lastWords { Console.write(words + "\n", to: STDERR_FILENO) } }
        let terminal = RawTerminal()
        try terminal.enter(term: term, purpose: "The full-screen app", alternative: "`almanac menu` or the subcommands (`almanac --help`)")
        defer { terminal.leave() }
        let loop = FrameLoop.screen
        let keys = KeyReader { loop.wake() }
        keys.start()
        defer { keys.stop() }
        defer { lastWords = tabs.compactMap { $0.finish() } }  // before the terminal is restored
        let screen = ScreenWriter()
        select(0)
        await loop.run { step(keys.take(), screen) }
        let (columns, rows) = RawTerminal.size()
        if let last = closingFrame(columns: columns, rows: rows) { screen.draw(last, columns: columns, rows: rows) }
    }

    /// Quitting: the last frame, its status line saying what the wait is for (an export being
    /// written, `AppTab.finishing`); nil when quitting waits for nothing.
    package func closingFrame(columns: Int, rows: Int) -> [String]? {
        let waits = tabs.compactMap(\.finishing)
        guard !waits.isEmpty else { return nil }
        closing = waits.joined(separator: " ")
        return frame(columns: columns, rows: rows)
    }

    /// One frame: the keys typed, every tab's tick, the screen drawn (only the lines that
    /// changed are written). Returns how soon the next frame is needed without an event — the
    /// soonest any tab asks for (`frameInterval`), else `FrameLoop.idle` — or nil to quit.
    private func step(_ typed: [Key], _ screen: ScreenWriter) -> TimeInterval? {
        // Durations from the monotonic clock: the wall clock can be set or slewed mid-frame.
        let started = FrameStats.monotonicTime()
        let thread = frames.threadTimes()
        for key in typed where !apply(key) { return nil }
        let keyed = FrameStats.monotonicTime()
        for tab in tabs { tab.tick() }
        let ticked = FrameStats.monotonicTime()
        let (columns, rows) = RawTerminal.size()
        screen.draw(frame(columns: columns, rows: rows), columns: columns, rows: rows)
        let spent = FrameStats.monotonicTime() - started
        frames.add(
            keys: keyed - started, ticks: ticked - keyed, draw: spent - (ticked - started),
            thread: frames.threadTimes() - thread, typed: typed)
        return tabs.compactMap(\.frameInterval).min() ?? FrameLoop.idle
    }

    // MARK: - Keys

    /// Applies a key; false to quit.
    package func apply(_ key: Key) -> Bool {
        if key == .interrupt { return false }
        if showingKeys || showingMessages {
            (showingKeys, showingMessages) = (false, false)
            return key != .character("q")
        }
        if current.capturesKeys {
            _ = current.handle(key)
            return true
        }
        switch key {
        case .character("q"), .character("Q"): return false
        case .character("?"): showingKeys = true
        case .character("m"): showingMessages = true
        case .tab: select((index + 1) % tabs.count)
        case .backTab: select((index + tabs.count - 1) % tabs.count)
        case .character(let digit) where ("1"..."9").contains(digit) && Int(String(digit))! <= tabs.count:
            select(Int(String(digit))! - 1)
        default: _ = current.handle(key)
        }
        return true
    }

    package func select(_ tab: Int) {
        if tab != index { tabs[index].deactivate() }
        index = tab
        (showingKeys, showingMessages) = (false, false)
        tabs[tab].activate()
        activated.insert(tab)
    }

    // MARK: - Drawing

    /// The whole screen: tab bar, body, status line, key hints — each line cut to `columns`
    /// (a last resort: by the width rule, `composed` already fits).
    package func frame(columns: Int, rows: Int) -> [String] {
        composed(columns: columns, rows: rows).map { ScreenWriter.clip($0, columns) }
    }

    /// The screen's lines as the tabs and the app made them, before any cut.
    package func composed(columns: Int, rows: Int) -> [String] {
        guard columns >= 40, rows >= 10 else {
            return ["Almanac needs at least 40×10 cells", "(this window is \(columns)×\(rows)).", "q quits."]
        }
        let status = statusLines(columns)
        let height = rows - 2 - status.count
        var body =
            showingKeys
            ? Style.keyRows(keysScreen(), width: columns)
            : showingMessages ? messagesScreen(columns, height) : current.body(width: columns, height: height)
        if body.count > height { body = Array(body.prefix(height)) }
        while body.count < height { body.append("") }
        return [tabBar(columns)] + body + status + [hintLine(columns)]
    }

    /// Most lines the status takes; a longer message ends with where to read it whole.
    static let statusLimit = 3

    private func tabBar(_ width: Int) -> String {
        let names = tabs.enumerated().map { number, tab in
            let name = "\(number + 1) \(tab.title)"
            return number == index ? style.bold(style.enabled ? "\u{1B}[7m \(name) \u{1B}[27m" : "[\(name)]") : " \(name) "
        }
        let bar = names.joined(separator: width >= 100 ? "  " : "")
        if Style.width(bar) <= width { return bar }
        // Narrower: no padding; then the other tabs by three letters; then by their digit alone.
        let shown = "[\(index + 1) \(current.title)]"
        for length in [Int.max, 3, 0] {
            let bar = tabs.enumerated().map { number, tab in
                number == index ? shown : length == 0 ? "\(number + 1)" : "\(number + 1) \(tab.title.prefix(length))"
            }.joined(separator: "|")
            if Style.width(bar) <= width || length == 0 { return bar }
        }
        return shown
    }

    /// The source, loads, the credit budget and the latest message, wrapped at spaces into at most
    /// `statusLimit` lines — a message is never cut mid-line; one too long for them ends with
    /// "… (m: messages)", where `m` shows it whole.
    private func statusLines(_ width: Int) -> [String] {
        var parts: [String] = []
        if let source = current.source { parts.append(source) }
        let pending = tabs.map(\.pending).reduce(0, +)
        if pending > 0 { parts.append("updating…") }
        if Date().timeIntervalSince(budgetLine.at) >= 1 { budgetLine = (budget(), Date()) }
        if let budget = budgetLine.text { parts.append(budget) }
        let head = parts.joined(separator: " · ")
        guard let problem = closing ?? current.problem ?? log.latest(concerning: current.concerns) else {
            // The source and its credit wrap, never cut (at most `statusLimit` lines).
            return Array(Style.wrap(head, width: width).prefix(Self.statusLimit)).map { style.dim("") + $0 }
        }
        let text = (head.isEmpty ? "" : head + " · ") + problem
        var lines = Style.wrap(text, width: width)
        if lines.count > Self.statusLimit {
            let more = " … (m: messages)"
            lines = Array(lines.prefix(Self.statusLimit))
            lines[lines.count - 1] = Style.wrap(lines[lines.count - 1], width: width - Style.width(more))[0] + more
        }
        // The message part in yellow, the rest as it was.
        return lines.enumerated().map { number, line in
            number == 0 && !head.isEmpty && line.hasPrefix(head)
                ? head + style.yellow(String(line.dropFirst(head.count))) : style.yellow(line)
        }
    }

    /// Every message of the session, oldest first, wrapped to the width; the newest that fit.
    private func messagesScreen(_ width: Int, _ height: Int) -> [String] {
        let all = log.all
        let messages = all.flatMap { Style.wrap("• " + $0, width: width) }
        let title = [style.bold("Messages of this session (\(all.count))"), ""]
        if messages.isEmpty { return title + ["  None so far."] }
        return title + messages.suffix(max(1, height - title.count))
    }

    private func hintLine(_ width: Int) -> String {
        let always = showingKeys || showingMessages ? ["any key: back"] : current.capturesKeys ? [] : ["? keys", "m messages", "q quit"]
        var kept: [String] = []
        for hint in current.hints where Style.width((kept + [hint] + always).joined(separator: " · ")) <= width { kept.append(hint) }
        return style.dim((kept + always).joined(separator: " · "))
    }

    private func keysScreen() -> [String] {
        [style.bold("Keys — \(current.title)"), ""] + current.keyHelp.map { "  " + $0 } + [
            "", style.bold("Everywhere"), "",
            "  1-\(tabs.count) Tab Shift+Tab  switch tabs",
            "  ?                  this list (any key returns)",
            "  m                  the session's messages in full (any key returns)",
            "  q  Ctrl+C          quit",
        ]
    }
}
