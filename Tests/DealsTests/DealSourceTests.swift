import AlmanacCore
import AlmanacTestSupport
import Foundation
import XCTest

@testable import DealTable
@testable import Deals
@testable import TestHarness

final class DealSourceTests: XCTestCase {
    func testParserAcceptsTheDocumentedShapes() {
        let line =
            #"{"id":7,"dateModified":"2026-11-20T10:00:01.250Z","instrumentName":"EUR/USD_TOD","price":1.0812,"amount":15000,"side":"buy","extra":[1]}"#
        XCTAssertNil(DealLineParser.parse(Array(line.utf8)), "arrays are not part of the format")
        let good =
            #"{"id":7,"dateModified":"2026-11-20T10:00:01.250Z","instrumentName":"EUR/USD_TOD","price":1.0812,"amount":15000,"side":"buy","note":null}"#
        let deal = DealLineParser.parse(Array(good.utf8))
        XCTAssertEqual(deal?.id, 7)
        XCTAssertEqual(deal?.dateModified.timeIntervalSince1970, 1_795_168_801.25)
        XCTAssertEqual(deal?.side, .buy)
        let epoch = #"{ "id": 8, "dateModified": 1795168801, "instrument": "GBP\/USD_TOM", "price": 1.27, "amount": 1e3, "side": "SELL" }"#
        XCTAssertEqual(DealLineParser.parse(Array(epoch.utf8))?.instrumentName, "GBP/USD_TOM")
        for bad in [
            "", "{}", "not json", #"{"id":1}"#, #"{"id":"x","dateModified":1,"instrumentName":"A","price":1,"amount":1,"side":"buy"}"#,
            #"{"id":1,"dateModified":1,"instrumentName":"A","price":1,"amount":1,"side":"hold"}"#,
            #"{"id":1,"dateModified":"2026-13-01T00:00:00Z","instrumentName":"A","price":1,"amount":1,"side":"buy"}"#,
            #"{"id":1,"dateModified":1,"instrumentName":"A","price":1,"amount":1,"side":"buy"} trailing"#,
        ] {
            XCTAssertNil(DealLineParser.parse(Array(bad.utf8)), bad)
        }
    }

    private func lines(_ count: Int, start: Int = 0) -> String {
        (start..<(start + count)).map {
            #"{"id":\#($0),"dateModified":\#(1_795_000_000 + $0),"instrumentName":"EUR/USD_TOD","price":\#(Double($0) / 100),"amount":\#($0),"side":"sell"}"#
        }.joined(separator: "\n")
    }

    private struct DrainTimeout: Error, CustomStringConvertible {
        var description: String { "the deal source did not finish within 10 s" }
    }

    private func drain(_ feed: DealFeed) throws {
        let deadline = Date().addingTimeInterval(10)
        while !feed.isComplete {
            if feed.pump() == 0 { Thread.sleep(forTimeInterval: 0.005) }  // nothing to pump yet: the feed's thread is reading
            // A hang is a failure: CI counts a skip as a pass.
            if Date() > deadline { throw DrainTimeout() }
        }
    }

    func testFileSourceSkipsAndCountsMalformedLines() throws {
        let folder = try makeTemporaryFolder(self)
        let file = folder.appendingPathComponent("deals.jsonl")
        let text = lines(150) + "\nGARBAGE\n{\"id\":\n\n" + lines(100, start: 150) + "\n{\"id\":999,\"dateMod"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let feed = DealFeed(source: .file(file), column: .price, descending: false)
        feed.start()
        try drain(feed)
        XCTAssertEqual(feed.store.count, 250)
        XCTAssertEqual(feed.skipped, 3, "two bad lines and a truncated last line")
        XCTAssertEqual(feed.store.window(offset: 0, count: 3).map(\.id), [0, 1, 2])
    }

    /// A file's rows are reserved from its size before the first deal, so the table never grows
    /// (a growth copies every column and the view in one merge).
    func testAFileSourceReservesItsRowsUpFront() throws {
        let folder = try makeTemporaryFolder(self)
        let file = folder.appendingPathComponent("deals.jsonl")
        try (lines(20_000) + "\n").write(to: file, atomically: true, encoding: .utf8)
        XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0, 1 << 16, "more than the sample")
        let feed = DealFeed(source: .file(file), column: .price)
        let reserved = feed.store.expected
        XCTAssertGreaterThanOrEqual(reserved, 20_000)
        XCTAssertLessThanOrEqual(reserved, 25_000, "a tenth over the estimate, give or take the sample")
        feed.start()
        try drain(feed)
        XCTAssertEqual(feed.store.count, 20_000)
        XCTAssertEqual(feed.store.expected, reserved, "the table never had to grow")
        XCTAssertNil(DealSource.file(folder.appendingPathComponent("missing.jsonl")).roomToReserve)
        let empty = folder.appendingPathComponent("empty.jsonl")
        try Data().write(to: empty)
        XCTAssertNil(DealSource.file(empty).roomToReserve)
        XCTAssertNil(DealSource.url("http://127.0.0.1:1/deals.jsonl").roomToReserve)
    }

    func testHTTPSourceStreamsThroughCurl() throws {
        let chunks = (0..<10).map { Data((lines(50, start: $0 * 50) + "\n").utf8) }
        let server = try LoopbackServer { _ in .streamed(chunks: chunks, interval: 0.01) }
        let feed = DealFeed(source: .url(server.baseURL + "/deals.jsonl"))
        feed.start()
        try drain(feed)
        XCTAssertEqual(feed.store.count, 500)
        XCTAssertNil(feed.failure)
        XCTAssertEqual(feed.store.window(offset: 0, count: 1).first?.id, 499, "newest first by default")
    }

    func testTruncatedHTTPStreamKeepsWhatArrivedAndReportsIt() throws {
        let body = Data((lines(120) + "\n").utf8)
        let server = try LoopbackServer { _ in .truncated(declaredLength: body.count + 500, body: body) }
        let feed = DealFeed(source: .url(server.baseURL + "/deals.jsonl"))
        feed.start()
        try drain(feed)
        XCTAssertEqual(feed.store.count, 120)
        XCTAssertNotNil(feed.failure)
    }

    func testDrainWakesOnArrivalsAndEndsWithTheSource() async throws {
        let feed = DealFeed(source: .server(count: 5_000, seed: 3, pace: 2_000), column: .price, descending: true)
        feed.start()
        var reports: [Int] = []
        try await feed.drain { reports.append($0) }
        XCTAssertEqual(feed.store.count, 5_000)
        XCTAssertTrue(feed.isComplete)
        XCTAssertEqual(reports.last, 5_000)
        XCTAssertGreaterThan(reports.count, 1, "it woke as batches came, not once at the end")
    }

    /// With a filter set before the stream, the feed is complete once every deal received is
    /// merged, however few pass the filter (the app's status line used to wait for ever).
    func testAFeedFilteredFirstIsCompleteWhenTheStreamEnds() throws {
        let feed = DealFeed(source: .server(count: 2_000, seed: 3, pace: 0), column: .price, descending: true)
        feed.store.applyFilter(try DealFilter.parse("side:buy", today: LocalDate(year: 2026, month: 11, day: 20)))
        feed.start()
        let deadline = Date().addingTimeInterval(20)
        while !(feed.isSourceFinished && !feed.hasWork), Date() < deadline { feed.pump(limit: .max) }
        XCTAssertEqual(feed.received, 2_000)
        XCTAssertLessThan(feed.store.count, 2_000, "the filter holds back the sells")
        XCTAssertTrue(feed.isComplete)
    }

    func testCancellingADrainStopsIt() async throws {
        let feed = DealFeed(source: .server(count: 1_000_000, seed: 3, pace: 50), column: .date, descending: true)
        feed.start()
        // The feed belongs to the draining task from here on; the test only reads it after.
        nonisolated(unsafe) let owned = feed
        let task = Task { try await owned.drain() }
        try await Task.sleep(nanoseconds: 200_000_000)  // real time: the feed is draining when cancelled
        task.cancel()
        let started = Date()
        do {
            try await task.value
            XCTFail("a cancelled drain returned as if the source had ended")
        } catch is CancellationError {}
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "it stops at the next arrival")
        XCTAssertFalse(feed.isComplete)
    }

    func testStoppingAFeedStopsEveryKindOfProducer() throws {
        let folder = try makeTemporaryFolder(self)
        let file = folder.appendingPathComponent("deals.jsonl")
        try (lines(100_000) + "\n").write(to: file, atomically: true, encoding: .utf8)
        let chunks = (0..<200).map { Data((lines(50, start: $0 * 50) + "\n").utf8) }
        let server = try LoopbackServer { _ in .streamed(chunks: chunks, interval: 0.05) }
        let sources: [DealSource] = [.server(count: 1_000_000, seed: 3, pace: 20), .file(file), .url(server.baseURL + "/deals.jsonl")]
        for source in sources {
            let feed = DealFeed(source: source)
            feed.start()
            Thread.sleep(forTimeInterval: 0.2)  // real time: each source is mid-feed when stopped
            feed.stop()
            let deadline = Date().addingTimeInterval(3)
            while !feed.isSourceFinished, Date() < deadline { _ = feed.pump(limit: .max, budget: 0.01) }
            XCTAssertTrue(feed.isSourceFinished, "\(source) ended after stop()")
            XCTAssertLessThan(feed.received, source.expected ?? 100_000, "\(source) did not run to its end")
        }
    }
}
