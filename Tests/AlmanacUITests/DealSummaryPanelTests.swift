import AlmanacCore
import AlmanacKit
import Foundation
import XCTest

@testable import AlmanacUI
@testable import DealTable

/// `F` and `I` in the deals browser: the groups and statistics of the view, built off the frame;
/// `Enter` opens a group's deals and `Esc` comes back to the groups.
final class DealSummaryPanelTests: XCTestCase {
    private func browser(deals count: Int) -> DealBrowser {
        var generator = SplitMix64(seed: 5)
        let feed = DealFeed(source: .server(count: 0, seed: 1, pace: 0), column: .date, descending: true)
        feed.store.append((0..<count).map { DealServer.deal(number: $0, generator: &generator) })
        return DealBrowser(feed: feed, style: Style(enabled: false))
    }

    /// Pumps frames until `done` holds (at most 10 s); the screen's lines at 160×50 then.
    @discardableResult
    private func frames(_ browser: DealBrowser, until done: ([String]) -> Bool) -> [String] {
        let deadline = Date().addingTimeInterval(10)
        var lines = browser.lines(width: 160, height: 50)
        while !done(lines), Date() < deadline {
            browser.pump(budget: 0.004)
            usleep(2_000)
            lines = browser.lines(width: 160, height: 50)
        }
        return lines
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

    func testStatisticsDescribeTheView() throws {
        let browser = browser(deals: 5_000)
        browser.handle(.character("I"))
        let lines = frames(browser) { $0.contains { $0.contains("Statistics of 5,000 deals") } }
        XCTAssertTrue(lines.contains { $0.contains("price") && $0.contains("5,000") }, lines.joined(separator: "\n"))
        browser.handle(.character("I"))
        XCTAssertNil(browser.summary)
    }
}
