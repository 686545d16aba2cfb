import AlmanacCore
import AlmanacProviders
import Foundation
import XCTest

@testable import DealTable
@testable import Deals
@testable import TerminalKit
@testable import TestHarness

/// Groups and statistics equal a plain computation over the same deals: every grouping, with
/// and without a filter, taken while deals still arrive.
final class DealSummaryTests: XCTestCase {
    private func deals(_ count: Int, seed: UInt64, from first: Int64 = 1) -> [Deal] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { index in
            Deal(
                id: first + Int64(index), dateModified: Date(timeIntervalSince1970: 1_795_000_000 + Double(generator.next() % 5000)),
                instrumentName: DealServer.instruments[Int(generator.next() % 6)], price: Double(generator.next() % 30_000) / 100,
                amount: Double(1 + generator.next() % 500), side: generator.next() & 1 == 0 ? .buy : .sell)
        }
    }

    private func plainGroups(_ all: [Deal], _ key: DealGroups.Key) -> [String: (
        deals: Int, bought: Double, sold: Double, low: Double, high: Double, last: Double
    )] {
        var groups: [String: (deals: Int, bought: Double, sold: Double, low: Double, high: Double, last: Double)] = [:]
        let latest = Dictionary(grouping: all) { name($0, key) }.mapValues { $0.max { ($0.dateModified, $0.id) < ($1.dateModified, $1.id) }!.price }
        for deal in all {
            var group = groups[name(deal, key)] ?? (0, 0, 0, .infinity, -.infinity, 0)
            group.deals += 1
            if deal.side == .buy { group.bought += deal.amount } else { group.sold += deal.amount }
            (group.low, group.high, group.last) = (min(group.low, deal.price), max(group.high, deal.price), latest[name(deal, key)]!)
            groups[name(deal, key)] = group
        }
        return groups
    }

    private func name(_ deal: Deal, _ key: DealGroups.Key) -> String {
        switch key {
        case .instrument: deal.instrumentName
        case .side: deal.side.rawValue
        case .instrumentAndSide: deal.instrumentName + " " + deal.side.rawValue
        }
    }

    func testGroupsEqualAPlainComputationWithAndWithoutAFilter() {
        let store = DealStore(column: .price, descending: true)
        let first = deals(20_000, seed: 3)
        store.append(first)
        var filter = DealFilter()
        filter.instrument = "usd"
        filter.price = DealFilter.Range(lower: .init(50), upper: .init(250))
        for (applied, kept) in [(nil, first), (filter, first.filter(filter.matches))] {
            if let applied { store.applyFilter(applied) }
            for key in DealGroups.Key.allCases {
                let groups = store.snapshot().groups(by: key)
                let expected = plainGroups(kept, key)
                XCTAssertEqual(groups.total, kept.count)
                XCTAssertEqual(Set(groups.groups.map(\.name)), Set(expected.keys), "\(key)")
                for group in groups.groups {
                    let plain = expected[group.name]!
                    XCTAssertEqual(group.deals, plain.deals)
                    XCTAssertEqual(group.bought, plain.bought, accuracy: 1e-6)
                    XCTAssertEqual(group.sold, plain.sold, accuracy: 1e-6)
                    XCTAssertEqual(group.low, plain.low)
                    XCTAssertEqual(group.high, plain.high)
                    XCTAssertEqual(group.lastPrice, plain.last, "\(group.name)")
                }
            }
        }
        // Deals arriving after a snapshot are in the next one.
        store.append(deals(5_000, seed: 4, from: 100_000))
        XCTAssertGreaterThan(store.snapshot().groups(by: .side).total, first.filter(filter.matches).count)
    }

    /// Each group's deals a minute over the hour ending at the view's newest deal, as counted
    /// by hand; under a filter, of the passing deals only.
    func testActivityCountsEachGroupsDealsAMinuteOverTheLastHour() {
        let store = DealStore(column: .date, descending: true)
        let all = deals(20_000, seed: 7)  // over 5,000 s: the last hour and some before it
        store.append(all)
        var filter = DealFilter()
        filter.side = .buy
        for (applied, kept) in [(nil, all), (filter, all.filter(filter.matches))] {
            if let applied { store.applyFilter(applied) }
            let end = kept.map(\.dateModified.timeIntervalSince1970).max()!
            let groups = store.snapshot().groups(by: .instrument, activity: true)
            for group in groups.groups {
                var expected = Array(repeating: 0, count: 60)
                for deal in kept where deal.instrumentName == group.name {
                    let age = deal.dateModified.timeIntervalSince1970 - (end - 3600)
                    if age > 0 { expected[min(59, Int(age / 60))] += 1 }
                }
                XCTAssertEqual(group.perMinute, expected, group.name)
            }
            XCTAssertGreaterThan(groups.groups.map { $0.perMinute.reduce(0, +) }.reduce(0, +), 0)
        }
        XCTAssertTrue(store.snapshot().groups(by: .side).groups.allSatisfy(\.perMinute.isEmpty), "only when asked for")
    }

    func testStatisticsEqualAPlainComputation() {
        let store = DealStore(column: .date, descending: true)
        let all = deals(10_001, seed: 9)
        store.append(all)
        let whole = store.snapshot().statistics()  // no filter: every row
        XCTAssertEqual(whole.count, all.count)
        XCTAssertEqual(whole.amount.max, all.map(\.amount).max())
        XCTAssertEqual(whole.side.distinct, 2)
        var filter = DealFilter()
        filter.side = .sell
        store.applyFilter(filter)
        let kept = all.filter(filter.matches)
        let stats = store.snapshot().statistics()
        let prices = kept.map(\.price).sorted()
        func quantile(_ sorted: [Double], _ p: Double) -> Double {
            let rank = p * Double(sorted.count - 1)
            let lower = Int(rank.rounded(.down))
            let upper = min(lower + 1, sorted.count - 1)
            return sorted[lower] + (sorted[upper] - sorted[lower]) * (rank - Double(lower))
        }
        XCTAssertEqual(stats.count, kept.count)
        XCTAssertEqual(stats.price.min, prices.first)
        XCTAssertEqual(stats.price.max, prices.last)
        XCTAssertEqual(stats.price.median, quantile(prices, 0.5), accuracy: 1e-9)
        XCTAssertEqual(stats.price.p10, quantile(prices, 0.1), accuracy: 1e-9)
        XCTAssertEqual(stats.price.p90, quantile(prices, 0.9), accuracy: 1e-9)
        let mean = prices.reduce(0, +) / Double(prices.count)
        XCTAssertEqual(stats.price.mean, mean, accuracy: 1e-9)
        let deviation = (prices.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(prices.count)).squareRoot()
        XCTAssertEqual(stats.price.standardDeviation, deviation, accuracy: 1e-9)
        let amounts = kept.map(\.amount).sorted()
        XCTAssertEqual(stats.amount.median, quantile(amounts, 0.5), accuracy: 1e-9)
        let counts = Dictionary(grouping: kept, by: \.instrumentName).mapValues(\.count)
        XCTAssertEqual(stats.instrument.distinct, counts.count)
        XCTAssertEqual(stats.instrument.mostCommonCount, counts.values.max())
        XCTAssertEqual(stats.side.distinct, 1)
        XCTAssertEqual(stats.side.mostCommon, "sell")
    }

    func testGroupAndStatsCommands() throws {
        let home = try makeTemporaryFolder(self)
        assertOneLineError(try runAlmanac(["deals", "group", "--by", "colour"], home: home), status: 64, contains: "--by must be instrument, side")
        assertOneLineError(try runAlmanac(["deals", "group", "--order", "size"], home: home), status: 64, contains: "--order must be")
        let groups = try runAlmanac(["deals", "group", "--count", "5000", "--by", "side", "--min-price", "10", "--json"], home: home)
        XCTAssertEqual(groups.status, 0, groups.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(groups.out.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(object["groups"] as? [[String: Any]])
        XCTAssertEqual(Set(rows.compactMap { $0["side"] as? String }), ["buy", "sell"])
        XCTAssertTrue(rows.allSatisfy { $0["name"] == nil && $0["instrument"] == nil }, "each key its own field, only those grouped by")
        let both = try runAlmanac(["deals", "group", "--count", "2000", "--by", "instrument,side", "--json"], home: home)
        let pairs = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(both.out.utf8)) as? [String: Any])?["groups"] as? [[String: Any]])
        XCTAssertTrue(pairs.allSatisfy { $0["instrument"] is String && $0["side"] is String }, "\(pairs.first ?? [:])")
        let none = try runAlmanac(["deals", "stats", "--count", "2000", "--instrument", "zzz", "--json"], home: home)
        let price = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(none.out.utf8)) as? [String: Any])?["price"] as? [String: Any])
        XCTAssertTrue(price["min"] is NSNull && price["mean"] is NSNull, "no deal, no figures: \(price)")
        let noneText = try runAlmanac(["deals", "stats", "--count", "2000", "--instrument", "zzz"], home: home)
        XCTAssertTrue(noneText.out.contains("price       0    —    —       —     —    —    —        —"), noneText.out)
        XCTAssertEqual(rows.compactMap { $0["deals"] as? Int }.reduce(0, +), object["matched"] as? Int)
        XCTAssertEqual(object["received"] as? Int, 5000)
        XCTAssertEqual(try XCTUnwrap(rows.compactMap { $0["share"] as? Double }.reduce(0, +)), 1, accuracy: 1e-9)
        let stats = try runAlmanac(["deals", "stats", "--count", "5000", "--side", "buy"], home: home)
        XCTAssertEqual(stats.status, 0, stats.err)
        XCTAssertTrue(stats.out.hasPrefix("Statistics of "), stats.out)
        XCTAssertNotNil(stats.out.range(of: #"side +1  buy +2,489"#, options: .regularExpression), stats.out)
    }
}
