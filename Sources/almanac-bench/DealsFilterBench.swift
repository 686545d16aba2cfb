import AlmanacCore
import AlmanacKit
import AlmanacUI
import Foundation

/// Filters on the live table: how long a filter takes to land (from the key to the new view,
/// frames pumped back to back while deals arrive), and the worst frame meanwhile — also while a
/// re-sort runs under a filter. Each frame merges 100 new deals, advances the jobs for 2 ms at
/// most, reads the totals and a 50-row window, as the browser does.
enum DealsFilterBench {
    /// The filters measured, from narrow to wide.
    static let lines = ["eur/usd side:buy", "usd side:sell amount<2.5m", "price>1"]

    struct Figures {
        var line: String
        var matched: Int
        var apply: Double
        var worstFrame: Double
    }

    static func measureAll(_ store: DealStore) throws -> (filters: [Figures], resortUnderFilter: (total: Double, worstFrame: Double)) {
        var next = 20_000_000
        var filters: [Figures] = []
        // Room for the deals these frames add, as a feed reserves a stream's announced length:
        // growing the columns past it is a one-off copy that has nothing to do with filters.
        store.reserveCapacity(store.unfilteredCount + 500_000)
        for line in lines {
            let filter = try DealFilter.parse(line, today: LocalDate(year: 2026, month: 11, day: 20))
            var worst = 0.0
            let apply = measure {
                store.filterInBackground(filter)
                while store.filterPending != nil { worst = max(worst, frame(store, &next)) }
            }
            filters.append(Figures(line: line, matched: store.count, apply: apply, worstFrame: worst))
        }
        var worst = 0.0
        let resort = measure {
            store.sortInBackground(by: store.column == .amount ? .date : .amount)
            while store.sortingTo != nil || store.filterPending != nil { worst = max(worst, frame(store, &next)) }
        }
        store.applyFilter(DealFilter())
        return (filters, (resort, worst))
    }

    /// Deals that arrived while merges were held.
    nonisolated(unsafe) private static var waiting: [Deal] = []

    /// One browser frame; returns how long it took.
    private static func frame(_ store: DealStore, _ next: inout Int) -> Double {
        var generator = SplitMix64(seed: UInt64(next))
        let batch = (0..<100).map { DealServer.deal(number: next + $0, generator: &generator) }
        next += 100
        var parts: [Double] = []  // append, step, catch-up, totals, window
        waiting += batch
        let total = measure {
            // As `DealFeed.pump`: while a re-sort copies its snapshot, deals wait in the inbox.
            parts.append(
                measure {
                    if !store.holdsMerges {
                        store.append(waiting)
                        waiting = []
                    }
                })
            parts.append(measure { store.step(until: DispatchTime.now().uptimeNanoseconds + 2_000_000) })
            // As `DealFeed.pump`: rows waiting after a landing go in 512 at a time, for about 1 ms.
            parts.append(
                measure {
                    let start = DispatchTime.now().uptimeNanoseconds
                    while store.backlog > 0, DispatchTime.now().uptimeNanoseconds - start < 1_000_000 { store.catchUp(limit: 512) }
                })
            parts.append(measure { _ = store.totals })
            parts.append(measure { _ = store.window(offset: 0, count: 50) })
        }
        if total > 0.003, ProcessInfo.processInfo.environment["BENCH_DEBUG"] != nil {
            print("slow frame", parts.map { String(format: "%.2f", $0 * 1000) }, store.filterPending != nil, store.sortingTo as Any)
        }
        return total
    }

    static func rows(_ result: (filters: [Figures], resortUnderFilter: (total: Double, worstFrame: Double)), plain: Double) -> [(String, String)] {
        func ratio(_ value: Double) -> String { String(format: "%.2f× plain sort", value / plain) }
        var rows: [(String, String)] = []
        for figures in result.filters {
            let name = "filter \"\(figures.line)\" (\(NumberText.grouped(figures.matched)) rows): lands in / worst frame"
            let value: String = milliseconds(figures.apply) + "  " + ratio(figures.apply) + "  / " + milliseconds(figures.worstFrame)
            rows.append((name, value))
        }
        let resort = result.resortUnderFilter
        let value: String = milliseconds(resort.total) + "  " + ratio(resort.total) + "  / " + milliseconds(resort.worstFrame)
        rows.append(("re-sort under the last filter: lands in / worst frame", value))
        return rows
    }
}
