import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import DealTable
@testable import Deals
@testable import DealsFront
@testable import TerminalKit
@testable import TestHarness

/// The browser at any width: the footer keeps `q quit` and `? keys`, the table narrows its
/// instrument column before any column goes, and says so when it cannot fit at all.
final class DealBrowserTests: XCTestCase {
    private let status = ["received 29,800 / 300,000", "4,120 rows/s", "rows 7,341–7,366 of 29,800"]

    func testFooterKeepsQuitAndKeysAtEveryWidth() {
        for width in [20, 40, 60, 80, 120, 160] {
            let footer = DealBrowser.footer(status: status, width: width)
            XCTAssertTrue(footer.contains("q quit · ? keys"), "\(width): \(footer)")
            XCTAssertLessThanOrEqual(Style.width(footer), max(width, Style.width("q quit · ? keys")), "\(width): \(footer)")
        }
        XCTAssertTrue(DealBrowser.footer(status: status, width: 160).contains("rows 7,341–7,366 of 29,800"))
        XCTAssertTrue(DealBrowser.footer(status: status, width: 240).hasSuffix(DealBrowser.hints.last!), "wide enough: every key")
    }

    /// A Kraken tape that cannot be reached: the browser's empty table says why, as `deals top`
    /// does, instead of an empty table with no reason.
    func testAnEmptyTableSaysWhyTheSourceEnded() throws {
        let feed = DealFeed(source: .parse("kraken:BTC/USD", krakenURL: "http://127.0.0.1:1"), column: .date, descending: true)
        var options = TransportOptions()
        options.totalTimeout = 2
        feed.start(options: options)
        defer { feed.stop() }
        let browser = DealBrowser(feed: feed, style: Style(enabled: false))
        _ = waitUntil(seconds: 20) {
            browser.pump(budget: 0.004)
            return feed.failure != nil
        }
        let screen = browser.lines(width: 80, height: 24).joined(separator: "\n")
        XCTAssertTrue(screen.contains("Could not read deals: Kraken: Could not connect to 127.0.0.1"), screen)
    }

    func testTheInstrumentNarrowsBeforeAnyColumnGoes() throws {
        var table = Table(DealsView.columns)
        for id in 1...5 {
            table.add([
                String(id), "2026-11-20 10:00:0\(id)", "XAU/USD_SPT_LONG_INSTRUMENT_NAME_\(id)", "2345.67", "1,500", id % 2 == 0 ? "buy" : "sell",
            ])
        }
        for width in [60, 80, 160] {
            let fitted = try XCTUnwrap(table.fitting(width: width, shrinking: 2, minimum: 6), "\(width)")
            let lines = fitted.render().components(separatedBy: "\n")
            XCTAssertTrue(lines[0].hasSuffix("Side"), "\(width): \(lines[0])")
            for line in lines { XCTAssertLessThanOrEqual(Style.width(line), width, "\(width): \(line)") }
            XCTAssertEqual(Set(lines.dropFirst(2).map { Style.width($0.replacingOccurrences(of: "buy", with: "sell")) }).count, 1, "rows align")
        }
        XCTAssertTrue(try XCTUnwrap(table.fitting(width: 60, shrinking: 2, minimum: 6)).render().contains("…"))
        XCTAssertNil(table.fitting(width: 40, shrinking: 2, minimum: 6), "below the minimum it does not pretend")
    }

    /// `e` writes the view as it was when pressed, on a thread of its own, while the frames go
    /// on merging the deals that keep arriving; the message says so, then how it ended.
    func testExportWritesTheViewAsItWasWhileDealsKeepArriving() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SplitMix64(seed: 3)
        let deals = (0..<60_000).map { DealServer.deal(number: $0, generator: &generator) }
        let feed = DealFeed(source: .server(count: 0, seed: 1, pace: 0), column: .price, descending: false)
        let browser = DealBrowser(feed: feed, style: Style(enabled: false), exportFolder: folder)
        feed.store.append(Array(deals[..<20_000]))
        browser.pump(budget: 0.004)
        let shown = feed.store.window(offset: 0, count: feed.store.count).map(\.id)
        XCTAssertEqual(shown.count, 20_000)
        browser.handle(.character("e"))
        XCTAssertEqual(browser.message?.hasPrefix("Exporting 20,000 rows to \(folder.path)/deals-"), true, browser.message ?? "")
        var next = 20_000
        let deadline = Date().addingTimeInterval(30)
        while browser.message?.hasPrefix("Exported") != true, Date() < deadline {
            if next < deals.count {
                feed.store.append(Array(deals[next..<next + 500]))
                next += 500
            }
            browser.pump(budget: 0.004)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(files.count, 1, "one file, no temporary one left: \(files)")
        XCTAssertEqual(browser.message, "Exported 20,000 rows to \(folder.path)/\(files[0]).")
        let lines = try String(contentsOf: folder.appendingPathComponent(files[0]), encoding: .utf8).split(separator: "\r\n")
        XCTAssertEqual(lines.dropFirst().map { Int64($0.prefix { $0 != "," })! }, shown, "the view as it was when e was pressed")
        XCTAssertGreaterThan(feed.store.count, 20_000, "deals went on arriving meanwhile")
    }
}
