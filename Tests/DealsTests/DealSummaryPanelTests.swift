import AlmanacCore
import AlmanacTestSupport
import Foundation
import XCTest

@testable import DealTable
@testable import Deals
@testable import DealsFront
@testable import TerminalKit
@testable import TestHarness

/// `F` and `I` in the deals browser: the groups and statistics of the view, built off the frame;
/// `Enter` opens a group's deals and `Esc` comes back to the groups.
final class DealSummaryPanelTests: XCTestCase {
    private func browser(deals count: Int) -> DealBrowser {
        var generator = SplitMix64(seed: 5)
        let feed = DealFeed(source: .server(count: 0, seed: 1, pace: 0), column: .date, descending: true)
        feed.store.append((0..<count).map { DealServer.deal(number: $0, generator: &generator) })
        return DealBrowser(feed: feed, style: Style(enabled: false))
    }

    /// Pumps frames until `done` holds (at most 10 s); the screen's lines at `width`×`height` then.
    @discardableResult
    private func frames(_ browser: DealBrowser, width: Int = 160, height: Int = 50, until done: ([String]) -> Bool) -> [String] {
        var lines = browser.lines(width: width, height: height)
        _ = waitUntil(seconds: 10, every: 0.002) {
            browser.pump(budget: 0.004)
            lines = browser.lines(width: width, height: height)
            return done(lines)
        }
        return lines
    }

    /// `s` orders the groups by each column in turn, marked ▼ and never left out at 80 columns;
    /// `r` turns the order round; the chosen group stays chosen through both.
    func testEveryGroupColumnSortsAndShowsAt80Columns() throws {
        let browser = browser(deals: 5_000)
        browser.handle(.character("F"))
        frames(browser, width: 80, height: 24) { $0.contains { $0.contains("groups of 5,000 deals") } }
        browser.handle(.down)
        let chosen = try XCTUnwrap(browser.summary?.selectedName)
        let titles = ["Bought", "Sold", "Net", "Share", "Average", "Low", "High", "Last", "At", "Instrument", "Deals"]
        for title in titles {
            browser.handle(.character("s"))
            let lines = browser.lines(width: 80, height: 24)
            XCTAssertTrue(lines.contains { $0.contains(title + "▼") }, "\(title): \(lines.joined(separator: "\n"))")
            XCTAssertTrue(lines.allSatisfy { $0.count <= 80 }, title)
            XCTAssertEqual(browser.summary?.selectedName, chosen, title)
            XCTAssertTrue(lines.contains { $0.hasPrefix("▶ " + chosen) }, "\(title): the chosen group on screen")
        }
        let before = browser.lines(width: 80, height: 24).filter { $0.hasPrefix("  ") || $0.hasPrefix("▶") }.dropFirst(3)
        browser.handle(.character("r"))
        let after = browser.lines(width: 80, height: 24)
        XCTAssertTrue(after.contains { $0.contains("Deals▲") }, after.joined(separator: "\n"))
        XCTAssertEqual(browser.summary?.selectedName, chosen)
        XCTAssertNotEqual(Array(before.prefix(3)), Array(after.dropFirst(4).prefix(3)), "the other way round")
    }

    func testGroupsMatchAPlainCountAndEnterOpensTheChosenGroupUntilEsc() throws {
        let browser = browser(deals: 20_000)
        let store = browser.feed.store
        let all = store.window(offset: 0, count: store.count)
        let counts = Dictionary(grouping: all, by: \.instrumentName).mapValues(\.count)
        let expected = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        browser.handle(.character("F"))
        let lines = frames(browser) { $0.contains { $0.contains("groups of 20,000 deals") } }
        let first = try XCTUnwrap(lines.first { $0.hasPrefix("▶ ") }, lines.joined(separator: "\n"))
        XCTAssertTrue(first.contains(expected[0].key) && first.contains(DealsView.grouped(expected[0].value)), first)
        browser.handle(.down)
        browser.handle(.enter)
        XCTAssertNil(browser.summary, "the table is back, filtered")
        XCTAssertEqual(browser.filterText, expected[1].key)
        frames(browser) { _ in store.filterPending == nil }
        XCTAssertEqual(store.count, expected[1].value, "the group's deals")
        browser.handle(.escape)
        XCTAssertEqual(browser.summary?.kind, .groups, "Esc returns to the groups")
        frames(browser) { _ in store.filterPending == nil }
        XCTAssertEqual(store.count, 20_000, "with the filter gone")
        browser.handle(.escape)
        XCTAssertNil(browser.summary, "and Esc again to the table")
    }

    /// `b` groups by side, then by instrument and side; `Enter` narrows the filter shown to the
    /// chosen group (an instrument's name in place of the filter's text, its field words kept)
    /// and `Esc` brings the groups back under the filter they were shown with.
    func testGroupingBySideAndBothNarrowsTheFilterAndEscRestoresIt() throws {
        let browser = browser(deals: 5_000)
        let store = browser.feed.store
        browser.applyFilter("usd amount>1m")
        frames(browser) { _ in store.filterPending == nil }
        let filtered = store.count
        browser.handle(.character("F"))
        browser.handle(.character("b"))
        var lines = frames(browser) { $0.contains { $0.contains("deals (of 5,000), by side") } }
        XCTAssertTrue(lines.contains { $0.hasPrefix("  2 groups of \(DealsView.grouped(filtered)) deals") }, lines.joined(separator: "\n"))
        let side = try XCTUnwrap(browser.summary?.selectedName, lines.joined(separator: "\n"))
        browser.handle(.enter)
        XCTAssertEqual(browser.filterText, "usd amount>1m side:\(side)")
        frames(browser) { _ in store.filterPending == nil }
        XCTAssertTrue(store.window(offset: 0, count: store.count).allSatisfy { $0.side.rawValue == side && $0.instrumentName.contains("USD") })
        browser.handle(.escape)
        XCTAssertEqual(browser.filterText, "usd amount>1m", "Esc: the filter the groups were shown with")
        XCTAssertEqual(browser.summary?.kind, .groups)
        browser.handle(.character("b"))
        lines = frames(browser) { $0.contains { $0.contains("), by instrument,side") } }
        let chosen = try XCTUnwrap(browser.summary?.selectedName)
        browser.handle(.enter)
        let parts = chosen.split(separator: " ")
        XCTAssertEqual(browser.filterText, "amount>1m \(parts[0]) side:\(parts[1])", lines.joined(separator: "\n"))
        frames(browser) { _ in store.filterPending == nil }
        XCTAssertEqual(Set(store.window(offset: 0, count: store.count).map { "\($0.instrumentName) \($0.side.rawValue)" }), [chosen])
        browser.handle(.escape)
        frames(browser) { _ in store.filterPending == nil }
        XCTAssertEqual(store.count, filtered, "the groups' filter back")
    }

    func testStatisticsDescribeTheView() throws {
        let browser = browser(deals: 5_000)
        browser.handle(.character("I"))
        let lines = frames(browser) { $0.contains { $0.contains("Statistics of 5,000 deals") } }
        XCTAssertTrue(lines.contains { $0.contains("price") && $0.contains("5,000") }, lines.joined(separator: "\n"))
        browser.handle(.character("I"))
        XCTAssertNil(browser.summary)
    }
}
