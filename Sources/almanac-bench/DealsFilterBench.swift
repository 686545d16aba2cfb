import AlmanacClient
import AlmanacCore
import AlmanacKit
import AlmanacProgram
import AlmanacTestSupport
import DealTable
import Deals
import DealsFront
import Foundation
import TerminalKit

/// Filters on the live table: how long a filter takes to land (from the key to the new view,
/// frames pumped back to back while deals arrive), and the worst frame meanwhile — also while a
/// re-sort runs under a filter, and while groups and statistics are built on a thread of their
/// own (the browser's `F` and `I`); and the groups and statistics under each filter. Each frame
/// gets 100 new deals and does what the app's Deals tab does in one frame's budget
/// (`DealBrowser.frameBudget`), then reads the totals and a 50-row window.
enum DealsFilterBench {
    /// The filters measured, from narrow to wide.
    static let lines = ["eur/usd side:buy", "usd side:sell amount<2.5m", "price>1"]

    struct Figures {
        var line: String
        var matched: Int
        var apply: Double
        var worstFrame: Double
        /// Groups by instrument and statistics of the filtered view, once it landed.
        var groups = 0.0
        var stats = 0.0
    }

    /// The filters, a re-sort under the last, and the worst frame while summaries are built.
    struct Results {
        var filters: [Figures]
        var resortUnderFilter: (total: Double, worstFrame: Double)
        var summarising: (builds: Int, worstFrame: Double)
    }

    static func measureAll(_ store: DealStore) throws -> Results {
        var frames = Frames()
        var filters: [Figures] = []
        // Room for the deals these frames add, as a feed reserves a stream's announced length:
        // growing the columns past it is a one-off copy that has nothing to do with filters.
        store.reserveCapacity(store.unfilteredCount + 2_000_000)
        for line in lines {
            let filter = try DealFilter.parse(line, today: LocalDate(year: 2026, month: 11, day: 20))
            var worst = 0.0
            let apply = measure {
                store.filterInBackground(filter)
                while store.filterPending != nil { worst = max(worst, frames.next(store)) }
            }
            var figures = Figures(line: line, matched: store.count, apply: apply, worstFrame: worst)
            figures.groups = measure { _ = store.snapshot().groups(by: .instrument) }
            figures.stats = measure { _ = store.snapshot().statistics() }
            filters.append(figures)
        }
        var worst = 0.0
        let resort = measure {
            store.sortInBackground(by: store.column == .amount ? .date : .amount)
            while store.sortingTo != nil || store.filterPending != nil { worst = max(worst, frames.next(store)) }
        }
        store.applyFilter(DealFilter())
        return Results(filters: filters, resortUnderFilter: (resort, worst), summarising: summarising(store, frames: &frames))
    }

    /// Groups with the last hour's activity, then statistics, of the whole table, each built on
    /// a thread of its own as the browser's panel does, while frames go on: the worst frame.
    static func summarising(_ store: DealStore, frames: inout Frames) -> (builds: Int, worstFrame: Double) {
        var worst = 0.0
        let builds = 4
        for build in 0..<builds {
            let (snapshot, built, jobs) = (store.snapshot(), Counter(), store.bigJobs)
            JobPool.background.run {
                _ = jobs.run { build % 2 == 0 ? snapshot.groups(by: .instrument, activity: true).total : snapshot.statistics().count }
                built.add(1)
            }
            while built.value == 0 { worst = max(worst, frames.next(store)) }
        }
        return (builds, worst)
    }

    /// Browser frames with 100 new deals each, as `DealFeed.pump` merges them.
    struct Frames {
        /// The number of the next deal made.
        var number = 20_000_000
        /// Deals that arrived while merges were held (a re-sort copying its snapshot).
        var waiting: [Deal] = []
        /// What a deal costs to merge, as `DealFeed` learns it.
        var pace = ChunkPace()

        /// One frame; returns how long it took.
        mutating func next(_ store: DealStore) -> Double {
            var generator = SplitMix64(seed: UInt64(number))
            waiting += (0..<100).map { DealServer.deal(number: number + $0, generator: &generator) }
            number += 100
            return measure {
                // As `DealBrowser.pump`: the jobs move for half the frame's budget, then, as
                // `DealFeed.pump`, rows waiting after a landing and then the new deals go in 512
                // at a time until the budget is spent (the rest waits for the next frame).
                let start = DispatchTime.now().uptimeNanoseconds
                store.step(until: start + UInt64(DealBrowser.frameBudget * 5e8))
                let left = DealBrowser.frameBudget - Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                pace.begin(budget: left)
                while !store.holdsMerges, let size = pace.nextChunk(limit: 512) {
                    var merged = 0
                    if store.backlog > 0 {
                        merged = store.catchUp(limit: size)
                    } else if !waiting.isEmpty {
                        merged = min(size, waiting.count)
                        store.append(Array(waiting[..<merged]))
                        waiting.removeFirst(merged)
                    } else {
                        break
                    }
                    pace.chunkDone(deals: merged)
                }
                _ = store.totals
                _ = store.window(offset: 0, count: 50)
            }
        }
    }

    /// `plain`: the yardstick's seconds (C++ std::sort of the same N).
    static func rows(_ result: Results, plain: Double) -> [(String, String)] {
        func ratio(_ value: Double) -> String { String(format: "%.2f× std::sort", value / plain) }
        var rows: [(String, String)] = []
        for figures in result.filters {
            let name = "filter \"\(figures.line)\" (\(NumberText.grouped(figures.matched)) rows): lands in / worst frame"
            let value: String = milliseconds(figures.apply) + "  " + ratio(figures.apply) + "  / " + milliseconds(figures.worstFrame)
            rows.append((name, value))
            let summaries =
                milliseconds(figures.groups) + "  " + ratio(figures.groups) + "  / " + milliseconds(figures.stats) + "  " + ratio(figures.stats)
            rows.append(("  groups / statistics of those rows", summaries))
        }
        let resort = result.resortUnderFilter
        let value: String = milliseconds(resort.total) + "  " + ratio(resort.total) + "  / " + milliseconds(resort.worstFrame)
        rows.append(("re-sort under the last filter: lands in / worst frame", value))
        let summarising = result.summarising
        rows.append(("worst frame while \(summarising.builds) groups and statistics are built (whole table)", milliseconds(summarising.worstFrame)))
        return rows
    }
}
