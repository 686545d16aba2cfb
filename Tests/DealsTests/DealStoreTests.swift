import AlmanacCore
import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

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
