import Synchronization

@testable import DealTable
@testable import Deals
@testable import TestHarness

final class DealStoreTests: XCTestCase {
    /// Random deals with deliberate ties in every column.
    private func deals(_ count: Int, seed: UInt64) -> [Deal] {
        var generator = SplitMix64(seed: seed)
        var ids = Array(1...Int64(count * 3)).shuffled(using: &generator).prefix(count)
        return (0..<count).map { _ in
            Deal(
                id: ids.removeFirst(), dateModified: Date(timeIntervalSince1970: 1_795_000_000 + Double(generator.next() % 500)),
                instrumentName: DealServer.instruments[Int(generator.next() % 6)], price: Double(generator.next() % 300) / 100 - 1,
                amount: Double(generator.next() % 50), side: generator.next() & 1 == 0 ? .buy : .sell)
        }
    }

    private func reference(_ all: [Deal], _ column: DealColumn, descending: Bool) -> [Int64] {
        referenceOrder(all, column, descending: descending)
    }

    func testMatchesReferenceForEveryColumnAndDirectionUnderRandomArrival() {
        var generator = SplitMix64(seed: 3)
        for column in DealColumn.allCases {
            for descending in [true, false] {
                let store = DealStore(column: column, descending: descending)
                var all: [Deal] = []
                let incoming = deals(3_000, seed: generator.next())
                var index = 0
                while index < incoming.count {
                    let size = 1 + Int(generator.next() % 400)
                    let batch = Array(incoming[index..<min(incoming.count, index + size)])
                    store.append(batch)
                    all += batch
                    index += size
                }
                XCTAssertEqual(
                    store.window(offset: 0, count: all.count).map(\.id), reference(all, column, descending: descending), "\(column) \(descending)")
            }
        }
    }

    func testResortsInterleavedWithArrivalsAndFlips() {
        var generator = SplitMix64(seed: 11)
        let store = DealStore()
        var all: [Deal] = []
        let incoming = deals(5_000, seed: 5)
        var index = 0
        while index < incoming.count {
            let size = 1 + Int(generator.next() % 300)
            let batch = Array(incoming[index..<min(incoming.count, index + size)])
            store.append(batch)
            all += batch
            index += size
            if generator.next() % 3 == 0 { store.sort(by: DealColumn.allCases[Int(generator.next() % 5)]) }
            if generator.next() % 4 == 0 { store.setDescending(!store.descending) }
            XCTAssertEqual(store.window(offset: 0, count: all.count).map(\.id), reference(all, store.column, descending: store.descending))
        }
    }

    /// A re-sort on its own thread while deals keep arriving: the old order stands (and keeps
    /// merging) until it lands, then every row — those that came meanwhile too — is in the new order.
    func testABackgroundResortLandsWithTheRowsThatArrivedMeanwhile() {
        var generator = SplitMix64(seed: 17)
        let store = DealStore()
        var all = deals(20_000, seed: 9)
        var waited = 0
        let later = Array(all.suffix(8_000))
        all.removeLast(8_000)
        store.append(all)
        for column in [DealColumn.price, .instrument, .amount, .side, .date] {
            store.sortInBackground(by: column)
            XCTAssertEqual(store.sortingTo, column)
            XCTAssertFalse(store.holdsMerges, "deals keep merging while it sorts: it reads the rows in place")
            var landed = false
            while !landed {
                let size = 1 + Int(generator.next() % 200)
                if !later.isEmpty, all.count < 20_000 {
                    let batch = Array(later[(all.count - 12_000)..<min(8_000, all.count - 12_000 + size)])
                    store.append(batch)
                    all += batch
                }
                landed = store.finishSort()
                if !landed {
                    XCTAssertEqual(store.window(offset: 0, count: all.count).map(\.id), reference(all, store.column, descending: store.descending))
                }
            }
            XCTAssertEqual(store.column, column)
            XCTAssertNil(store.sortingTo)
            // What came meanwhile joins a chunk at a time; each step is the arrived prefix, sorted.
            while store.backlog > 0 {
                waited += 1
                XCTAssertEqual(
                    store.window(offset: 0, count: store.count).map(\.id), reference(Array(all.prefix(store.count)), column, descending: true))
                store.catchUp(limit: 97)
            }
            XCTAssertEqual(store.window(offset: 0, count: all.count).map(\.id), reference(all, column, descending: true), "\(column)")
        }
        XCTAssertGreaterThan(all.count, 12_000, "rows arrived while re-sorts ran (at least one batch each)")
        XCTAssertGreaterThan(waited, 0, "some arrived rows joined after the re-sort landed")
    }

    func testInstrumentsArrivingLaterKeepAlphabeticalOrder() {
        let store = DealStore(column: .instrument, descending: false)
        let early = Deal(id: 1, dateModified: Date(), instrumentName: "USD/JPY_TOD", price: 1, amount: 1, side: .buy)
        let late = Deal(id: 2, dateModified: Date(), instrumentName: "AUD/USD_TOD", price: 1, amount: 1, side: .buy)
        store.append([early])
        store.append([late])
        XCTAssertEqual(store.window(offset: 0, count: 2).map(\.instrumentName), ["AUD/USD_TOD", "USD/JPY_TOD"])
    }

    func testWindowsAndPositions() {
        let store = DealStore(column: .price, descending: true)
        let all = deals(1_000, seed: 9)
        store.append(all)
        XCTAssertEqual(store.window(offset: 990, count: 50).count, 10)
        XCTAssertEqual(store.window(offset: 5_000, count: 50).count, 0)
        for position in [0, 1, 499, 999] {
            XCTAssertEqual(store.position(ofRow: store.row(atPosition: position)), position)
        }
        let row = store.row(atPosition: 500)
        store.setDescending(false)
        XCTAssertEqual(store.position(ofRow: row), 499)
    }

    func testServerIsDeterministicAndBatchesOf100() {
        let first = Collected()
        let second = Collected()
        let done = expectation(description: "two streams")
        done.expectedFulfillmentCount = 2
        for collected in [first, second] {
            DealServer(count: 1_050, seed: 99, pace: 0).subscribeToDeals(
                { batch in
                    collected.append(Data("\(batch.count):\(batch.first!.id):\(batch.first!.price);".utf8))
                }, onEnd: { done.fulfill() })
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(first.data, second.data)
        let sizes = String(decoding: first.data, as: UTF8.self).split(separator: ";").map { $0.split(separator: ":")[0] }
        XCTAssertEqual(sizes.count, 11)
        XCTAssertEqual(sizes.last, "50")
    }
}

final class DealStorePositionTests: XCTestCase {
    func testAnchorPositionSurvivesLaterBatches() {
        let store = DealStore()
        var generator = SplitMix64(seed: 1)
        var batches: [[Deal]] = []
        DealServerBatches.make(count: 20_000, seed: 7) { batches.append($0) }
        store.append(batches: Array(batches[0..<50]))
        let anchor = store.row(atPosition: 1)
        XCTAssertEqual(store.position(ofRow: anchor), 1)
        for batch in batches[50...] {
            store.append(batch)
            _ = generator.next()
        }
        let position = store.position(ofRow: anchor)
        XCTAssertEqual(store.row(atPosition: position), anchor)
    }
}

enum DealServerBatches {
    static func make(count: Int, seed: UInt64, _ body: ([Deal]) -> Void) {
        var generator = SplitMix64(seed: seed)
        var number = 0
        while number < count {
            body((0..<100).map { DealServer.deal(number: number + $0, generator: &generator) })
            number += 100
        }
    }
}

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
            Thread.sleep(forTimeInterval: 0.0005)
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
