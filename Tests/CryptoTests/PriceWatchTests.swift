import AlmanacCore
import AlmanacTestSupport
import Foundation
import XCTest

@testable import Crypto
@testable import CryptoFront
@testable import FrontKit
@testable import TerminalKit
@testable import TestHarness

/// The self-refreshing watchlist against a loopback Twelve Data that keeps a real 8-credit
/// window and moves its prices on every answer, on a manual clock (minutes pass in no time).
final class PriceWatchTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// Every `"close"` of a quote answer raised by 0.1 % per quote request served so far.
    private static func moved(_ body: Data, by step: Int) -> Data {
        var text = String(decoding: body, as: UTF8.self)
        let pattern = try! NSRegularExpression(pattern: #""close"\s*:\s*"([0-9.]+)""#)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            guard let range = Range(match.range(at: 1), in: text), let close = Double(text[range]) else { continue }
            text.replaceSubrange(range, with: String(format: "%.8f", close * (1 + 0.001 * Double(step))))
        }
        return Data(text.utf8)
    }

    private func movingServer(_ clock: ManualClock) throws -> (FixtureServer, CreditWindow) {
        let credits = CreditWindow(perMinute: 8, clock: clock)
        let served = Counter()
        let server = try FixtureServer(
            fixtures: repositoryFixtures, credits: credits,
            rewrite: { path, body in path == "/quote" ? Self.moved(body, by: served.next() + 1) : body })
        return (server, credits)
    }

    func testTenMinutesOfUpdatesNeverSpendANinthCreditAndKeepEverythingMoving() async throws {
        let clock = ManualClock(start)
        let (server, credits) = try movingServer(clock)
        let (context, captured) = try makeLiveContext(self, server, clock: clock) { seconds in clock.advance(by: seconds) }
        defer { withExtendedLifetime(captured) {} }
        let service = CryptoService(context: context)
        // The six default pairs, a lot of LTC and alerts on DOT and LINK: nine pairs an update.
        _ = try await service.addLot("LTC/USD", amount: "10", cost: "500", price: nil, date: nil)
        let dot = try await service.addAlert("DOT/USD", direction: "above", price: "2.93")
        _ = try await service.addAlert("LINK/USD", direction: "below", price: "0.01")
        let watch = PriceWatch(service: service)
        let planned = try await watch.plan()
        XCTAssertEqual(planned.pairs.count, 9)
        XCTAssertEqual(planned.rates, [])
        XCTAssertEqual(watch.interval(credits: 9), 67.5, "nine credits at eight a minute")

        var previous: PriceWatch.Update?
        var fired: [[Int]] = []
        while clock.now().timeIntervalSince(start) < 600 {
            let update = try await watch.update()
            fired.append(update.prices.alerts.map(\.id))
            if let previous {
                let moves = PriceWatch.moves(from: previous.prices, to: update.prices)
                XCTAssertEqual(moves.count, 6, "every watchlist row moved: \(moves)")
                XCTAssertTrue(moves.values.allSatisfy { $0 == .up })
                XCTAssertGreaterThan(try XCTUnwrap(update.portfolio?.totals.value), try XCTUnwrap(previous.portfolio?.totals.value))
            }
            previous = update
            let next = try XCTUnwrap(watch.nextUpdate(after: clock.now(), credits: update.credits))
            // Nine pairs: 67.5 s apart; after the update that fired the DOT alert, eight: 61 s.
            XCTAssertTrue([8, 9].contains(update.credits), "\(update.credits)")
            XCTAssertEqual(next.timeIntervalSince(clock.now()), update.credits == 9 ? 67.5 : 61, accuracy: 0.001)
            clock.advance(by: next.timeIntervalSince(clock.now()))
        }
        XCTAssertGreaterThanOrEqual(fired.count, 8, "about nine updates in ten minutes")
        XCTAssertLessThanOrEqual(credits.mostInAnyWindow, 8, "never a 9th credit in any minute")
        XCTAssertEqual(credits.refused, 0, "no 429")
        XCTAssertEqual(fired.filter { $0.contains(dot.id) }.count, 1, "the DOT alert is reported once: \(fired)")
        XCTAssertEqual(try service.alerts().first { $0.id == dot.id }?.triggeredAt == nil, false)
    }

    func testWithMorePairsThanTheMinuteAllowsNoneIsStarved() async throws {
        let clock = ManualClock(start)
        let (server, credits) = try movingServer(clock)
        let (context, captured) = try makeLiveContext(self, server, clock: clock) { seconds in clock.advance(by: seconds) }
        defer { withExtendedLifetime(captured) {} }
        let service = CryptoService(context: context)
        for pair in ["DOT/USD", "LTC/USD", "LINK/USD", "AVAX/USD", "TRX/USD", "BCH/USD"] {
            _ = try await service.add(pair, pick: nil, chooser: nil)
        }
        // Twelve pairs: the first update waits for the four past the minute's eight; after it,
        // updates 90 s apart spend what the minute has, stalest first, from the cache for the rest.
        let watch = PriceWatch(service: service)
        XCTAssertEqual(watch.interval(credits: 12), 90)
        var refreshed: [String: Int] = [:]
        var update = try await watch.update()
        var last = update.prices
        for _ in 0..<6 {
            clock.advance(by: try XCTUnwrap(watch.nextUpdate(after: clock.now(), credits: update.credits)).timeIntervalSince(clock.now()))
            update = try await watch.update()
            let prices = update.prices
            for symbol in PriceWatch.moves(from: last, to: prices).keys { refreshed[symbol, default: 0] += 1 }
            last = prices
        }
        XCTAssertEqual(refreshed.count, 12, "every pair refreshed at least once: \(refreshed)")
        XCTAssertLessThanOrEqual(credits.mostInAnyWindow, 8)
        XCTAssertEqual(credits.refused, 0)
    }

    func testInEurosAnAlertOnTheDollarPairIsStillChecked() async throws {
        let clock = ManualClock(start)
        let (server, credits) = try movingServer(clock)
        let (context, captured) = try makeLiveContext(self, server, clock: clock) { seconds in clock.advance(by: seconds) }
        defer { withExtendedLifetime(captured) {} }
        let service = CryptoService(context: context)
        try await service.setCurrency("eur")
        let alert = try await service.addAlert("ETH/USD", direction: "below", price: "4000")
        let watch = PriceWatch(service: service)
        let planned = try await watch.plan()
        XCTAssertEqual(planned.pairs, ["BTC/EUR", "ETH/EUR", "SOL/EUR", "XRP/USD", "ADA/USD", "DOGE/USD", "ETH/USD"])
        XCTAssertEqual(planned.rates, ["USD/EUR"])
        let update = try await watch.update()
        XCTAssertEqual(update.prices.alerts.map(\.id), [alert.id], "checked against ETH/USD, in dollars")
        XCTAssertEqual(update.prices.rows[1].quotedAs, "ETH/EUR")
        XCTAssertEqual(update.credits, 8)
        XCTAssertEqual(credits.totalAccepted, 10, "the setting's check of the rate; the catalogue once, seven quotes, one rate")
        XCTAssertLessThanOrEqual(credits.mostInAnyWindow, 8, "the rate waited for the catalogue's credit to free")
    }

    func testTheAppTabUpdatesOnItsOwnAndSaysWhenTheNextUpdateComes() async throws {
        let clock = ManualClock(start)
        let (server, credits) = try movingServer(clock)
        let (context, captured) = try makeLiveContext(self, server, clock: clock)
        defer { withExtendedLifetime(captured) {} }
        _ = try await CryptoService(context: context).addLot("BTC/USD", amount: "0.5", cost: "40000", price: nil, date: nil)
        let tab = CryptoTab(context: FrontContext(app: context, style: Style(enabled: false), json: false, interactive: true))
        tab.activate()
        try await settle(tab)
        let first = tab.body(width: 100, height: 30).joined(separator: "\n")
        XCTAssertTrue(first.contains("Portfolio: value 45,662.87 · cost 40,000.00 · P/L +5,662.87 (+14.16%)"), first)
        XCTAssertEqual(tab.source, "Twelve Data: live · next update in 61 s")
        clock.advance(by: 30)
        tab.tick()
        XCTAssertEqual(tab.pending, 0, "not due yet: nothing asked")
        XCTAssertEqual(tab.source, "Twelve Data: live · next update in 31 s")
        clock.advance(by: 31)
        tab.tick()
        try await settle(tab)
        let second = tab.body(width: 100, height: 30).joined(separator: "\n")
        XCTAssertTrue(second.contains("▲"), "the rows that moved are marked:\n\(second)")
        XCTAssertFalse(second.contains(first.components(separatedBy: "\n").first { $0.contains("BTC/USD") } ?? "-"), "BTC's row changed")
        XCTAssertFalse(second.contains("value 45,662.87"), "the portfolio's totals moved with the prices:\n\(second)")
        XCTAssertEqual(server.requests.filter { $0.path.hasSuffix("/quote") }.count, 2, "one batch an update")
        XCTAssertLessThanOrEqual(credits.mostInAnyWindow, 8)
    }

    func testAFailedFirstUpdateIsTriedAgainOnItsOwn() async throws {
        let clock = ManualClock(start)
        let down = Counter()
        let server = try FixtureServer(fixtures: repositoryFixtures, credits: CreditWindow(perMinute: 8, clock: clock)) { _, request in
            request.path.hasSuffix("/quote") && down.value == 0 ? .json("{\"message\":\"busy\"}", status: 503) : nil
        }
        let (context, captured) = try makeLiveContext(self, server, clock: clock)
        defer { withExtendedLifetime(captured) {} }
        let tab = CryptoTab(context: FrontContext(app: context, style: Style(enabled: false), json: false, interactive: true))
        tab.activate()
        try await settle(tab)
        XCTAssertNotNil(tab.problem, "the failure is said")
        XCTAssertFalse(tab.body(width: 100, height: 30).joined().contains("BTC/USD"))
        _ = down.next()
        clock.advance(by: 61)
        tab.tick()
        try await settle(tab)
        XCTAssertTrue(tab.body(width: 100, height: 30).joined(separator: "\n").contains("BTC/USD   Bitcoin   91,234.50"), "tried again")
        XCTAssertNil(tab.problem)
    }

    /// Ticks the tab until its background loads have landed.
    private func settle(_ tab: CryptoTab) async throws {
        for _ in 0..<500 {
            tab.tick()
            if tab.pending == 0 { return tab.tick() }
            try await Task.sleep(nanoseconds: 10_000_000)  // the loads land on their own tasks; poll until then
        }
        XCTFail("the tab's loads did not land")
    }
}
