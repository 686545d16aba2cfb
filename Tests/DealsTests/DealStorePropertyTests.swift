import AlmanacCore
import Foundation
import Synchronization
import XCTest

@testable import DealTable
@testable import Deals
@testable import TestHarness

/// Property tests: random operations against a plain reference, at sizes that cross many
/// block boundaries (blocks hold `SortedBlocks.capacity` entries and split when full).
final class DealStorePropertyTests: XCTestCase {
    private func randomDeals(_ count: Int, ids: inout [Int64], generator: inout SplitMix64) -> [Deal] {
        (0..<count).map { _ in
            let id = ids.removeLast()
            return Deal(
                id: id, dateModified: Date(timeIntervalSince1970: 1_795_000_000 + Double(generator.next() % 40)),
                instrumentName: DealServer.instruments[Int(generator.next() % 7)], price: Double(generator.next() % 50) / 4 - 3,
                amount: Double(generator.next() % 9), side: generator.next() & 1 == 0 ? .buy : .sell)
        }
    }

    private static let instrumentRank = Dictionary(uniqueKeysWithValues: DealServer.instruments.sorted().enumerated().map { ($1, Double($0)) })

    private func reference(_ all: [Deal], _ column: DealColumn, descending: Bool) -> [Int64] {
        let keyed: [(Double, Int64)] = all.map { deal in
            switch column {
            case .date: (deal.dateModified.timeIntervalSince1970, deal.id)
            case .price: (deal.price, deal.id)
            case .amount: (deal.amount, deal.id)
            case .instrument: (Self.instrumentRank[deal.instrumentName]!, deal.id)
            case .side: (deal.side == .buy ? 0 : 1, deal.id)
            }
        }
        let ascending = keyed.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.1)
        return descending ? ascending.reversed() : ascending
    }

    func testRandomOperationsKeepAPermutationSortedAndStableByID() {
        var generator = SplitMix64(seed: 2024)
        var ids = Array(1...Int64(30_000)).shuffled(using: &generator)
        let store = DealStore(column: .price, descending: false)
        var all: [Deal] = []
        for step in 0..<60 {
            let size = [1, 7, 100, 640, 1_500][Int(generator.next() % 5)]
            let batch = randomDeals(min(size, ids.count), ids: &ids, generator: &generator)
            store.append(batch)
            all += batch
            switch generator.next() % 6 {
            case 0: store.sort(by: DealColumn.allCases[Int(generator.next() % 5)])
            case 1: store.setDescending(!store.descending)
            default: break
            }
            let expected = reference(all, store.column, descending: store.descending)
            if step % 10 == 0 || step == 59 {
                XCTAssertEqual(store.window(offset: 0, count: all.count).map(\.id), expected, "step \(step)")
            }
            // Windows and positions anywhere agree with the reference.
            for _ in 0..<5 {
                let offset = Int(generator.next() % UInt64(all.count))
                XCTAssertEqual(store.window(offset: offset, count: 50).map(\.id), Array(expected[offset..<min(expected.count, offset + 50)]))
                XCTAssertEqual(store.position(ofRow: store.row(atPosition: offset)), offset)
            }
        }
        XCTAssertEqual(Set(store.window(offset: 0, count: all.count).map(\.id)).count, all.count, "every deal once")
    }

    func testDescendingIsTheExactReverseTiesIncluded() {
        let store = DealStore(column: .side, descending: true)
        let deals = (1...5).map { Deal(id: Int64($0), dateModified: Date(), instrumentName: "EUR/USD_TOD", price: 1, amount: 1, side: .buy) }
        store.append(deals)
        XCTAssertEqual(store.window(offset: 0, count: 5).map(\.id), [5, 4, 3, 2, 1], "equal keys: higher id first when descending")
        store.setDescending(false)
        XCTAssertEqual(store.window(offset: 0, count: 5).map(\.id), [1, 2, 3, 4, 5])
    }

    func testArrivalDuringAScrollKeepsTheAnchoredRow() {
        var generator = SplitMix64(seed: 5)
        var ids = Array(1...Int64(20_000)).shuffled(using: &generator)
        let store = DealStore(column: .amount, descending: true)
        store.append(randomDeals(5_000, ids: &ids, generator: &generator))
        let anchor = store.row(atPosition: 2_500)
        for _ in 0..<30 {
            store.append(randomDeals(300, ids: &ids, generator: &generator))
            let position = store.position(ofRow: anchor)
            XCTAssertEqual(store.row(atPosition: position), anchor)
        }
    }

    /// Batches the owner merged go back to the inbox, to be freed by the producer's next `put`,
    /// while the source is live; once it has ended the owner keeps (and frees) them.
    func testMergedBatchesGoBackToTheProducerUntilTheSourceEnds() {
        let inbox = DealInbox()
        let batch = (1...3).map { Deal(id: Int64($0), dateModified: Date(), instrumentName: "EUR/USD_TOD", price: 1, amount: 1, side: .buy) }
        inbox.put(batch)
        let taken = inbox.take(wait: false)
        XCTAssertTrue(inbox.recycle(taken), "a live source takes them back")
        inbox.put(batch)
        XCTAssertEqual(inbox.take(wait: false).flatMap { $0 }.map(\.id), [1, 2, 3], "the next batch, nothing of the old")
        inbox.finish()
        XCTAssertFalse(inbox.recycle(taken), "an ended source: the owner frees them itself")
        XCTAssertEqual(inbox.status.received, 6)
    }

    /// The wake hook is called once a batch, for as many batches as a long session brings, and
    /// stays one call: it used to grow by two thunks a batch, which slowed ingest as deals came
    /// and overflowed the stack when the app let go of the inbox after 10M deals.
    func testTheWakeHookStaysOneCallOverALongSession() {
        let woken = Atomic(0)
        var inbox: DealInbox? = DealInbox()
        inbox?.onArrival { woken.add(1, ordering: .relaxed) }
        let deal = [Deal(id: 1, dateModified: Date(), instrumentName: "EUR/USD_TOD", price: 1, amount: 1, side: .buy)]
        for round in 1...150_000 {
            inbox?.put(deal)
            if round.isMultiple(of: 10_000) { _ = inbox?.take(wait: false) }
        }
        inbox?.finish()
        XCTAssertEqual(woken.load(ordering: .relaxed), 150_001, "once a batch and once at the end")
        inbox = nil  // a chain of 300k thunks would overflow the stack here
    }

    func testTheInboxHoldsTheProducerBackWithoutLosingADeal() {
        let (taken, stalls) = drainInbox(producers: 1, wait: true)
        XCTAssertEqual(taken, 10_000)
        XCTAssertGreaterThan(stalls, 0, "the producer waited for the consumer")
    }

    /// A frame only tries the inbox's lock: it takes nothing while a producer holds it, and
    /// still ends up with every deal, in order per producer, while producers wait for room.
    func testAFrameThatOnlyTriesTheLockGetsEveryDealInOrder() {
        let (taken, stalls) = drainInbox(producers: 3, wait: false)
        XCTAssertEqual(taken, 30_000)
        XCTAssertGreaterThan(stalls, 0, "the producers waited for the consumer")
    }

    /// `producers` threads each put 100 batches of 100 deals into an inbox of 1,000; the calling
    /// thread takes up to 300 at a time until the source has finished and all are taken. Checks
    /// that each producer's ids arrive in the order it put them.
    private func drainInbox(producers: Int, wait: Bool) -> (taken: Int, stalls: Int) {
        let inbox = DealInbox(limit: 1_000)
        let produced = (0..<producers).map { expectation(description: "producer \($0) done") }
        let finishing = DispatchGroup()
        for producer in 0..<producers {
            finishing.enter()
            Thread.detachNewThread {
                for batch in 0..<100 {
                    inbox.put(
                        (0..<100).map {
                            let id = Int64(producer * 1_000_000 + batch * 100 + $0)
                            return Deal(id: id, dateModified: Date(), instrumentName: "X", price: 1, amount: 1, side: .buy)
                        })
                }
                finishing.leave()
                produced[producer].fulfill()
            }
        }
        Thread.detachNewThread {
            finishing.wait()
            inbox.finish()
        }
        var taken = 0
        var last = [Int64](repeating: -1, count: producers)
        let giveUp = Date(timeIntervalSinceNow: 30)  // a lost deal ends the loop here, not never
        while !(inbox.status.finished && taken == inbox.status.received), Date() < giveUp {
            for deal in inbox.take(limit: 300, wait: wait).joined() {
                let producer = Int(deal.id / 1_000_000)
                XCTAssertGreaterThan(deal.id, last[producer], "a producer's deals come in the order it put them")
                last[producer] = deal.id
                taken += 1
            }
            Thread.sleep(forTimeInterval: 0.0005)  // producers on their threads keep appending meanwhile
        }
        self.wait(for: produced, timeout: 10)
        return (taken, inbox.producerStalls)
    }
}

/// The order a deals view must show: a plain sort of `deals` by (column, id), reversed for
/// descending — the reference the store's tests compare with.
func referenceOrder(_ deals: [Deal], _ column: DealColumn, descending: Bool) -> [Int64] {
    func less(_ a: Deal, _ b: Deal) -> Bool {
        switch column {
        case .date: if a.dateModified != b.dateModified { return a.dateModified < b.dateModified }
        case .price: if a.price != b.price { return a.price < b.price }
        case .amount: if a.amount != b.amount { return a.amount < b.amount }
        case .instrument: if a.instrumentName != b.instrumentName { return a.instrumentName < b.instrumentName }
        case .side: if a.side != b.side { return a.side == .buy }
        }
        return a.id < b.id
    }
    let ascending = deals.sorted(by: less).map(\.id)
    return descending ? ascending.reversed() : ascending
}
