import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Deals
import Foundation
import FrontKit
import TerminalKit

/// Deals: the live deals browser inside a tab. The stream starts when the tab is first shown
/// and keeps arriving (merged each frame) while other tabs are shown.
package final class DealsTab: AppTab {
    package let title = "Deals"
    package let browser: DealBrowser
    let options: TransportOptions
    private var started = false

    /// - Parameter exportFolder: where `e` writes (the current folder by default).
    package init(
        feed: DealFeed, style: Style, options: TransportOptions, today: LocalDate = .local(Date()),
        exportFolder: URL = URL(fileURLWithPath: Invocation.directory)
    ) {
        self.browser = DealBrowser(feed: feed, style: style, today: today, exportFolder: exportFolder)
        browser.showsHints = false
        self.options = options
    }

    package var pending: Int { started && !browser.feed.isComplete ? 1 : 0 }
    /// The live tape's notes (`deals --source kraken:PAIR`): Kraken always answers it.
    package var concerns: Set<String> { [Provider.kraken.brand] }

    package var source: String? {
        guard started else { return nil }
        switch browser.feed.source {
        case .server: return "deals: the built-in server"
        case .file(let url): return "deals: \(url.lastPathComponent)"
        case .url(let text): return "deals: \(text)"
        case .kraken(let tape): return "deals: Kraken's trades of \(tape.pairs.joined(separator: ", "))"
        }
    }
    package var problem: String? { browser.feed.failure.map { "Could not read deals: \($0)." } }

    package func activate() {
        guard !started else { return }
        started = true
        browser.feed.onArrival { FrameLoop.screen.wake() }
        browser.feed.start(options: options)
    }

    /// Up to `DealBrowser.frameBudget` of each frame merges arriving deals (and builds a filter
    /// or lands a re-sort), whichever tab is shown.
    package func tick() {
        if started { browser.pump(budget: DealBrowser.frameBudget) }
    }

    /// 60 frames a second while the table has work (deals to merge, a re-sort, a filter).
    package var frameInterval: TimeInterval? { started ? browser.frameInterval : nil }

    package var finishing: String? { browser.finishing }

    /// Waits for an export still being written (`DealBrowser.finishExport`); what became of it.
    package func finish() -> String? { browser.finishExport() }

    /// True while the filter or go-to field is open: every key is the field's.
    package var capturesKeys: Bool { browser.isPrompting }

    package func handle(_ key: Key) -> Bool {
        let forBrowser: Bool
        switch key {
        case .up, .down, .pageUp, .pageDown, .home, .end, .escape: forBrowser = true
        case .character(let letter): forBrowser = "srfF/gnNeiIb".contains(letter)
        case .enter: forBrowser = browser.summary != nil  // open the chosen group
        default: forBrowser = false
        }
        guard forBrowser || browser.isPrompting else { return false }
        browser.handle(key)
        return true
    }

    package func body(width: Int, height: Int) -> [String] {
        browser.lines(width: width, height: height)
    }

    package var hints: [String] {
        ["/ filter", "↑↓ scroll", "s sort", "r reverse", "f follow", "F groups", "I stats", "g go to", "e export", "PgUp PgDn"]
    }

    package var keyHelp: [String] {
        DealBrowser.keyHelp.filter { !$0.isEmpty && !$0.contains("1-5") && !$0.contains("Ctrl+C") && !$0.contains("this list") }.map {
            $0.trimmingWhitespace()
        }
    }
}
