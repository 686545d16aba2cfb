import AlmanacCore
import Foundation
import XCTest

@testable import DealTable
@testable import Deals
@testable import TestHarness

/// A snapshot is the view shown when it was taken — its rows, filter and order — however the
/// store goes on afterwards: deals arriving, re-sorts, filters being built, flips, ids that stop
/// arriving in order. The export of the browser and of `deals export` writes what it holds.
final class DealSnapshotTests: XCTestCase {
    private let today = LocalDate(year: 2026, month: 11, day: 20)
    private let utc = TimeZone(identifier: "UTC")!

    func testASnapshotHoldsTheViewShownWhileTheStoreGoesOn() throws {
        var generator = SplitMix64(seed: 11)
        var all = (0..<40_000).map { DealServer.deal(number: $0, generator: &generator) }
        let late = Array(all[30_000...]).map(\.id).shuffled(using: &generator)  // these ids arrive out of order
        for index in 30_000..<40_000 { all[index].id = late[index - 30_000] }
        let lines = ["", "price>1", "eur/usd side:buy", "amount<2.5m", "side:buy price>0.5"]
        let store = DealStore(column: .date, descending: true)
        var taken: [(snapshot: DealSnapshot, shown: [Int64], when: String)] = []
        var index = 0
        for step in 0..<1_200 {
            switch generator.next() % 9 {
            case 0: store.filterInBackground(try DealFilter.parse(lines[Int(generator.next() % 5)], today: today, timeZone: utc))
            case 1: store.sortInBackground(by: DealColumn.allCases[Int(generator.next() % UInt64(DealColumn.allCases.count))])
            case 2: store.setDescending(!store.descending)
            case 3 where taken.count < step / 40:  // about 30, spread over the run
                let when = "step \(step): \(store.column) \(store.descending ? "down" : "up"), filter \(store.filter)"
                taken.append((store.snapshot(), store.window(offset: 0, count: store.count).map(\.id), when))
            default:
                if !store.holdsMerges, index < all.count {
                    store.append(Array(all[index..<min(all.count, index + 150)]))
                    index = min(all.count, index + 150)
                }
            }
            store.step(until: DispatchTime.now().uptimeNanoseconds + 30_000)
            store.catchUp(limit: 1_024)
        }
        XCTAssertGreaterThan(taken.count, 12)
        XCTAssertTrue(taken.contains { !$0.snapshot.descending } && taken.contains { $0.snapshot.matcher != nil })
        for (snapshot, shown, when) in taken {
            let rows = snapshot.orderedRows()
            XCTAssertEqual(rows.count, snapshot.count, when)
            XCTAssertEqual(snapshot.deals(rows[...]).map(\.id), shown, when)
        }
    }
}
