import AlmanacCore
import AlmanacHTTP
import Foundation
import TerminalKit
import XCTest

@testable import Deals
@testable import DealsFront
@testable import FrontKit
@testable import TestHarness

/// Quitting the app while an export is being written: the last frame says so, and the words
/// left on the shell say what became of the file.
final class AppQuitDuringExportTests: XCTestCase {
    func testTheLastFrameSaysTheExportIsFinishingAndTheLastWordsSayWhere() throws {
        let folder = try makeTemporaryFolder(self)
        var generator = SplitMix64(seed: 3)
        let feed = DealFeed(source: .server(count: 0, seed: 1, pace: 0), column: .price, descending: false)
        feed.store.append((0..<20_000).map { DealServer.deal(number: $0, generator: &generator) })
        let tab = DealsTab(feed: feed, style: Style(enabled: false), options: TransportOptions(), exportFolder: folder)
        let app = AlmanacApp(tabs: [tab], style: Style(enabled: false), log: AppLog(brands: []))
        app.select(0)
        tab.tick()
        XCTAssertNil(app.closingFrame(columns: 80, rows: 24), "nothing to wait for yet")
        XCTAssertTrue(app.apply(.character("e")))
        let last = app.closingFrame(columns: 60, rows: 20)?.joined(separator: "\n") ?? ""
        XCTAssertNotNil(last.range(of: #"Finishing the\s+export\s+to\s+deals-.*\.csv\s+before\s+quitting…"#, options: .regularExpression), last)
        let joined = last.filter { !$0.isWhitespace }
        XCTAssertTrue(joined.contains("Exporting20,000rowsto\(folder.path)/deals-"), "the path whole, wrapped: \(last)")
        for line in app.composed(columns: 60, rows: 20) { XCTAssertLessThanOrEqual(Style.width(line), 60, line) }
        let words = tab.finish() ?? ""
        XCTAssertTrue(words.hasPrefix("Exported 20,000 rows to \(folder.path)/deals-"), words)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, 1)
    }
}
