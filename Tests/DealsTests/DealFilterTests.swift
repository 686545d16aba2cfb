import AlmanacCore
import Foundation
import XCTest

@testable import DealTable
@testable import Deals
@testable import TestHarness

/// The filtered view against a plain filter of the whole sorted table, while deals arrive, with
/// re-sorts and flips in between; the totals against sums over the same rows; the grammar.
final class DealFilterTests: XCTestCase {
    private let today = LocalDate(year: 2026, month: 11, day: 20)
    private let utc = TimeZone(identifier: "UTC")!

    private func reference(_ all: [Deal], _ column: DealColumn, descending: Bool, _ filter: DealFilter) -> [Int64] {
        referenceOrder(all.filter(filter.matches), column, descending: descending)
    }

    /// Every deal the server sends for `seed`, in order.
    private func served(_ count: Int, seed: UInt64) -> [Deal] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { DealServer.deal(number: $0, generator: &generator) }
    }

    private func filters() throws -> [DealFilter] {
        var recent = DealFilter()  // the served deals span ten minutes of one day: a time range inside it
        recent.time = .init(lower: .init(1_795_132_800 + 200), upper: .init(1_795_132_800 + 400, inclusive: false))
        return try ["eur/usd side:buy", "price>1.08 price<=1.2", "amount>=1m", "usd_t side:sell amount<2e6"]
            .map { try DealFilter.parse($0, today: today, timeZone: utc) } + [recent]
    }

    /// Ids arrive in order (ties are then broken by row number, which reads nothing) until some
    /// come out of order while a filter and a re-sort are being built: every view switches to the
    /// ids as ties, and both orders still equal the reference, ties included.
    func testIdsThatStopArrivingInOrderKeepEveryViewSortedByID() throws {
        let served = served(24_000, seed: 21)
        var generator = SplitMix64(seed: 5)
        let late = Array(served.prefix(12_000)).shuffled(using: &generator)  // older ids than any before
        for line in ["price>1", "eur/usd side:buy"] {
            let filter = try DealFilter.parse(line, today: today, timeZone: utc)
            for column in [DealColumn.side, .price, .instrument] {
                // Built while the ids turn (a re-sort and a filter under way), settled before, and
                // a landed re-sort waiting for its filter.
                for mode in ["building", "settled", "pending"] {
                    var all = Array(served.suffix(12_000))
                    let store = startTurning(all, mode: mode, filter: filter, column: column)
                    var index = 0
                    while index < late.count || store.filterPending != nil || store.sortingTo != nil || store.backlog > 0 {
                        let batch = Array(late[index..<min(late.count, index + 900)])
                        store.append(batch)
                        all += batch
                        index += batch.count
                        store.step(until: DispatchTime.now().uptimeNanoseconds + 200_000)
                        store.catchUp(limit: 2_048)
                    }
                    XCTAssertEqual(
                        store.window(offset: 0, count: store.count).map(\.id), reference(all, column, descending: true, filter),
                        "\(line) \(column) \(mode)")
                    let probe = all.filter(filter.matches)[777]
                    XCTAssertEqual(store.find(id: probe.id), .at(reference(all, column, descending: true, filter).firstIndex(of: probe.id)!))
                    store.filterInBackground(DealFilter())
                    XCTAssertEqual(store.window(offset: 0, count: store.count).map(\.id), referenceOrder(all, column, descending: true), "\(column)")
                }
            }
        }
    }

    /// A table of `deals` by date, descending, with `filter` and a sort by `column` under way
    /// (`building`), settled (`settled`), or a landed re-sort waiting for its filter (`pending`).
    private func startTurning(_ deals: [Deal], mode: String, filter: DealFilter, column: DealColumn) -> DealStore {
        let store = DealStore(column: .date, descending: true)
        store.append(deals)
        switch mode {
        case "building":
            store.filterInBackground(filter)
            store.sortInBackground(by: column)
        case "settled":
            store.sort(by: column)
            store.applyFilter(filter)
        default:
            store.applyFilter(filter)
            store.sortInBackground(by: column)
            // Until the re-sort lands and waits for its filter — or, when that filter ends within
            // the same step, until it has all landed (the case is then "settled"): never for ever.
            while store.filterPending == nil, store.sortingTo != nil { store.step(until: DispatchTime.now().uptimeNanoseconds + 100_000) }
        }
        return store
    }

    func testTheFilteredViewIsAPlainFilterOfTheSortedTableWhileDealsArrive() throws {
        let all = served(30_000, seed: 9)
        for (number, filter) in try filters().enumerated() {
            for column in DealColumn.allCases {
                for descending in [true, false] {
                    let store = DealStore(column: number % 2 == 0 ? .date : .price, descending: descending)
                    var index = 0
                    func arrive(_ count: Int) {
                        store.append(Array(all[index..<min(all.count, index + count)]))
                        index = min(all.count, index + count)
                    }
                    arrive(10_000)
                    store.filterInBackground(filter)
                    store.sortInBackground(by: column)
                    while index < all.count || store.filterPending != nil || store.sortingTo != nil || store.backlog > 0 {
                        arrive(700)
                        store.step(until: DispatchTime.now().uptimeNanoseconds + 200_000)
                        store.catchUp(limit: 2_048)
                    }
                    let shown = store.window(offset: 0, count: store.count).map(\.id)
                    XCTAssertEqual(shown, reference(all, column, descending: descending, filter), "\(filter) \(column) \(descending)")
                    let kept = all.filter(filter.matches)
                    XCTAssertTrue((1..<all.count).contains(kept.count), "\(filter) keeps some deals, not all")
                    XCTAssertEqual(store.totals.count, kept.count)
                    XCTAssertEqual(store.totals.boughtAmount, kept.filter { $0.side == .buy }.reduce(0) { $0 + $1.amount })
                    XCTAssertEqual(store.totals.soldAmount, kept.filter { $0.side == .sell }.reduce(0) { $0 + $1.amount })
                }
            }
        }
    }

    func testAWideFilterIsBuiltByWalkingTheShownViewWhileDealsWait() throws {
        let all = served(80_000, seed: 5)
        let filter = try DealFilter.parse("price>1", today: today, timeZone: utc)
        for descending in [true, false] {
            let store = DealStore(column: .price, descending: descending)
            store.append(Array(all.prefix(60_000)))
            store.filterInBackground(filter)
            var (index, held) = (60_000, 0)
            while index < all.count || store.filterPending != nil || store.backlog > 0 {
                store.append(Array(all[index..<min(all.count, index + 500)]))
                index = min(all.count, index + 500)
                store.step(until: DispatchTime.now().uptimeNanoseconds + 50_000)
                if store.holdsMerges { held += 1 }
                store.catchUp(limit: 2_048)
            }
            XCTAssertGreaterThan(held, 0, "the walk held the merges for a few frames")
            XCTAssertGreaterThan(all.filter(filter.matches).count, all.count / 2, "a wide filter")
            XCTAssertEqual(store.window(offset: 0, count: store.count).map(\.id), reference(all, .price, descending: descending, filter))
            XCTAssertEqual(store.totals.count, all.filter(filter.matches).count)
            // A re-sort under it: the filter walks the re-sorted view while the old one stays shown.
            let more = served(100_000, seed: 5)
            store.sortInBackground(by: .amount)
            while index < more.count || store.sortingTo != nil || store.filterPending != nil || store.backlog > 0 {
                store.append(Array(more[index..<min(more.count, index + 500)]))
                index = min(more.count, index + 500)
                store.step(until: DispatchTime.now().uptimeNanoseconds + 50_000)
                store.catchUp(limit: 2_048)
            }
            XCTAssertEqual(store.window(offset: 0, count: store.count).map(\.id), reference(more, .amount, descending: descending, filter))
        }
    }

    func testRandomFiltersSortsAndFlipsWhileDealsArriveStayConsistent() throws {
        for seed: UInt64 in 1...3 { try randomRun(seed: seed) }
    }

    private func randomRun(seed: UInt64) throws {
        let all = served(60_000, seed: 21)
        let lines = ["", "price>1", "eur/usd side:buy", "amount<2.5m", "usd side:sell", "price>abc", "side:buy price>0.5"]
        var generator = SplitMix64(seed: seed)
        let store = DealStore(column: .date, descending: true)
        var index = 0
        for _ in 0..<1_500 {
            switch generator.next() % 8 {
            case 0:
                let line = lines[Int(generator.next() % UInt64(lines.count))]
                if let filter = try? DealFilter.parse(line, today: today, timeZone: utc) { store.filterInBackground(filter) }
            case 1: store.sortInBackground(by: DealColumn.allCases[Int(generator.next() % UInt64(DealColumn.allCases.count))])
            case 2: store.setDescending(!store.descending)
            case 3: _ = store.find(id: Int64(generator.next() % 70_000))
            default:
                if !store.holdsMerges, index < all.count {
                    store.append(Array(all[index..<min(all.count, index + 200)]))
                    index = min(all.count, index + 200)
                }
            }
            store.step(until: DispatchTime.now().uptimeNanoseconds + 30_000)
            store.catchUp(limit: 1_024)
            _ = store.window(offset: Int(generator.next() % 1_000), count: 50)
        }
        while index < all.count || store.filterPending != nil || store.sortingTo != nil || store.backlog > 0 {
            if !store.holdsMerges, index < all.count {
                store.append(Array(all[index..<min(all.count, index + 500)]))
                index = min(all.count, index + 500)
            }
            store.step(until: DispatchTime.now().uptimeNanoseconds + 200_000)
            store.catchUp(limit: 2_048)
        }
        let shown = store.window(offset: 0, count: store.count).map(\.id)
        XCTAssertEqual(shown, reference(all, store.column, descending: store.descending, store.filter))
        XCTAssertEqual(store.totals.count, all.filter(store.filter.matches).count)
    }

    func testAppliedAtOnceClearedAndTheTotalsOfOneInstrument() throws {
        let all = served(5_000, seed: 4)
        let store = DealStore(column: .amount, descending: false)
        store.append(all)
        let filter = try DealFilter.parse("EUR/USD_TOD", today: today)
        store.applyFilter(filter)
        let kept = all.filter(filter.matches)
        XCTAssertEqual(store.window(offset: 0, count: 10_000).map(\.id), reference(all, .amount, descending: false, filter))
        let single = try XCTUnwrap(store.totals.single)
        XCTAssertEqual(single.instrument, "EUR/USD_TOD")
        let vwap = kept.reduce(0) { $0 + $1.price * $1.amount } / kept.reduce(0) { $0 + $1.amount }
        XCTAssertEqual(single.averagePrice, vwap, accuracy: 1e-9)
        store.append(served(5_100, seed: 4).suffix(100))  // later deals join in place
        XCTAssertEqual(store.count, served(5_100, seed: 4).filter(filter.matches).count)
        store.applyFilter(DealFilter())
        XCTAssertEqual(store.count, 5_100)
        XCTAssertNil(store.totals.single, "several instruments: no average price")
    }

    func testFindSaysWhereADealIsOrWhyItIsNotShown() throws {
        let all = served(2_000, seed: 5)
        let store = DealStore(column: .price, descending: true)
        store.append(all)
        store.applyFilter(try DealFilter.parse("side:buy", today: today))
        let buy = try XCTUnwrap(all.first { $0.side == .buy })
        let sell = try XCTUnwrap(all.first { $0.side == .sell })
        guard case .at(let position) = store.find(id: buy.id) else { return XCTFail("a shown deal is found") }
        XCTAssertEqual(store.deal(atPosition: position).id, buy.id)
        XCTAssertEqual(store.find(id: sell.id), .filteredOut)
        XCTAssertEqual(store.find(id: 9_999_999), .notReceived)
        let next = try XCTUnwrap(store.nextPosition(after: 0, instrumentContaining: "gbp"))
        XCTAssertTrue(store.deal(atPosition: next).instrumentName.lowercased().contains("gbp"))
        XCTAssertTrue((1...next).dropLast().allSatisfy { !store.deal(atPosition: $0).instrumentName.lowercased().contains("gbp") })
        XCTAssertNil(store.nextPosition(after: 0, instrumentContaining: "xyz"))
        let gbp = (0..<store.count).filter { store.deal(atPosition: $0).instrumentName.lowercased().contains("gbp") }
        XCTAssertEqual(
            store.nextPosition(after: next, instrumentContaining: "GBP", forward: false), gbp.last, "backwards from the first: wraps to the last")
        XCTAssertEqual(store.nextPosition(after: gbp[2], instrumentContaining: "gbp", forward: false), gbp[1])
        XCTAssertEqual(store.nextPosition(after: gbp[1], instrumentContaining: "gbp"), gbp[2])
    }

    func testTheGrammarReadsEveryOperator() throws {
        let filter = try DealFilter.parse(
            "  Eur/Usd  side:SELL price>1 price<=2 amount>=1.5k amount<2m since:yesterday until:today ", today: today, timeZone: utc)
        XCTAssertEqual(filter.instrument, "Eur/Usd")
        XCTAssertEqual(filter.side, .sell)
        XCTAssertEqual(filter.price, .init(lower: .init(1, inclusive: false), upper: .init(2)))
        XCTAssertEqual(filter.amount, .init(lower: .init(1_500), upper: .init(2_000_000, inclusive: false)))
        let start = DealFilter.start(of: today.adding(days: -1), utc)
        XCTAssertEqual(filter.time, .init(lower: .init(start), upper: .init(start + 2 * 86_400, inclusive: false)))
        XCTAssertEqual(try DealFilter.parse("price=1.08", today: today).price, .init(lower: .init(1.08), upper: .init(1.08)))
        XCTAssertTrue(try DealFilter.parse("", today: today).isEmpty, "empty text: no filter")
        XCTAssertTrue(try DealFilter.parse("   ", today: today).isEmpty)
        let unicode = try DealFilter.parse("ÉUR", today: today)
        XCTAssertTrue(unicode.matches(Deal(id: 1, dateModified: Date(), instrumentName: "eur/usd", price: 1, amount: 1, side: .buy)))
        XCTAssertFalse(unicode.matches(Deal(id: 1, dateModified: Date(), instrumentName: "GBP/USD", price: 1, amount: 1, side: .buy)))
    }

    func testBadFiltersSayWhatCouldNotBeRead() {
        let cases: [(String, DealFilter.ParseError)] = [
            ("price>abc", .notANumber(word: "price>abc")), ("amount<", .notANumber(word: "amount<")),
            ("side:hold", .badSide(word: "side:hold")), ("since:2026-13-01", .badDate(word: "since:2026-13-01")),
            ("colour:red", .unknownField(word: "colour:red")), ("volume>3", .unknownField(word: "volume>3")),
            ("price>2 price<1", .emptyRange("the price range is empty")),
            ("since:2026-11-20 until:2026-11-19", .emptyRange("since is after until")),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try DealFilter.parse(text, today: today), text) { error in
                XCTAssertEqual(error as? DealFilter.ParseError, expected, text)
                XCTAssertTrue((error as? DealFilter.ParseError)?.description.contains("\"\(text)\"") == true || text.contains(" "), text)
            }
        }
    }
}
