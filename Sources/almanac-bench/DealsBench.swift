import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProgram
import AlmanacProviders
import CSortBaseline
import DealTable
import Deals
import Foundation
import TerminalKit

/// Ingest, merge, re-sort, flip and window timings for the deals table.
enum DealsBench {
    static func run(_ options: BenchOptions) async throws {
        if options.flag("scaling") {
            for count in [100_000, 1_000_000, 10_000_000] { try await runOne(count: count, options) }
            return
        }
        try await runOne(count: options.int("count", default: 1_000_000), options)
    }

    /// Swift's `sort(by:)` on the same N deals by price (ties by id): the yardstick every ratio
    /// uses, measured in the same run.
    static func plainSort(count: Int) -> Double {
        var generator = SplitMix64(seed: 42)
        var all = (0..<count).map { DealServer.deal(number: $0, generator: &generator) }
        let time = measure { all.sort { $0.price != $1.price ? $0.price < $1.price : $0.id < $1.id } }
        if all.isEmpty { print("") }
        return time
    }

    /// C++ `std::sort` of the same N deals as 40-byte records by price (ties by id), in seconds:
    /// the yardstick every ratio is reported against (Swift's `sort(by:)` is shown beside it).
    static func cxxSort(count: Int) -> Double {
        var generator = SplitMix64(seed: 42)
        let all = (0..<count).map { DealServer.deal(number: $0, generator: &generator) }
        let (ids, times, prices, amounts) = (all.map(\.id), all.map { $0.dateModified.timeIntervalSince1970 }, all.map(\.price), all.map(\.amount))
        return almanac_sort_baseline(ids, times, prices, amounts, count)
    }

    /// What one size measures, in seconds (and MB for `rss`).
    struct Figures {
        var count = 0, plain = 0.0, cxx = 0.0, groups = 0.0, stats = 0.0, dateIngest = 0.0, priceIngest = 0.0, activity = 0.0,
            priceFrames: [Double] = [],
            priceFramesCPU: [Double] = [], frameTimes: [Double] = []
        var resort: [String: Double] = [:], flip = 0.0, window = 0.0, naive = 0.0, rss = 0.0, blocks = 0, retie = 0.0
        var filters: DealsFilterBench.Results?
        var worst: Double { max(frameTimes.max() ?? 0, priceFrames.max() ?? 0) }
        var p99: Double {
            let sorted = frameTimes.sorted()
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        }
        var bytesPerRow: Double { rss * 1024 * 1024 / Double(count) }
        func ratio(_ value: Double) -> String { String(format: "%.2f× std::sort", value / cxx) }
    }

    static func runOne(count: Int, _ options: BenchOptions) async throws {
        let figures = try measureAll(count: count)
        let goals =
            count >= 10_000_000
            ? "ingest ≤ 1.5×, worst frame ≤ 4 ms, re-sort ≤ 0.3×, groups ≤ 0.1×, statistics ≤ 0.2×, window ≤ 10 µs, ≤ 56 B/row"
            : "ingest ≤ 1.5×, worst frame ≤ 2 ms, re-sort ≤ 0.3×, groups ≤ 0.1×, statistics ≤ 0.2×, window ≤ 10 µs, ≤ 100 MB at 1M"
        let worstResort = figures.ratio(figures.resort.values.max() ?? 0)
        let price = figures.ratio(figures.resort[DealColumn.price.rawValue] ?? 0)
        report(
            "Deals at \(NumberText.grouped(count)) (goals: \(goals); worst re-sort \(worstResort), price \(price))",
            rows(figures), json: json(figures), asJSON: options.json)
    }

    static func measureAll(count: Int) throws -> Figures {
        var figures = Figures(count: count, plain: plainSort(count: count), cxx: cxxSort(count: count))
        figures.dateIngest = ingest(count: count, column: .date).0
        let (priceIngest, priceFrames, store, priceFramesCPU) = ingestKeeping(count: count, column: .price)
        (figures.priceIngest, figures.priceFrames, figures.priceFramesCPU) = (priceIngest, priceFrames, priceFramesCPU)
        figures.frameTimes = singleBatchMerges(into: store, batches: 300)
        for column in [DealColumn.date, .instrument, .amount, .side, .price] {
            figures.resort[column.rawValue] = measure { store.sort(by: column) }
        }
        figures.flip = measure { store.setDescending(!store.descending) }
        var groupCount = 0
        figures.groups = measure { groupCount = store.snapshot().groups(by: .instrument).groups.count }
        figures.activity = measure { groupCount += store.snapshot().groups(by: .instrument, activity: true).groups.count }
        figures.stats = measure { groupCount += store.snapshot().statistics().count }
        if groupCount == -1 { print(groupCount) }
        var generator = SplitMix64(seed: 7)
        let windows = 10_000
        var sink = 0
        figures.window =
            measure {
                for _ in 0..<windows {
                    let offset = Int(generator.next() % UInt64(max(1, store.count - 50)))
                    sink &+= store.window(offset: offset, count: 50).count
                }
            } / Double(windows)
        if sink == -1 { print(sink) }
        figures.blocks = store.blockCount
        figures.filters = try DealsFilterBench.measureAll(store)
        figures.retie = idsGoingBack(in: store)  // last: from then on every sort breaks ties by id
        figures.naive = count <= 1_000_000 ? naiveIngest(count: min(count, 100_000)) : 0
        figures.rss = try childPeakRSS(count: count)
        return figures
    }

    static func rows(_ figures: Figures) -> [(String, String)] {
        let frames = figures.priceFrames
        var rows: [(String, String)] = [
            ("deals (N)", NumberText.grouped(figures.count)),
            ("C++ std::sort of N by price (40-byte records; the yardstick)", milliseconds(figures.cxx)),
            ("Swift sort(by:) of N by price", milliseconds(figures.plain) + "  " + figures.ratio(figures.plain)),
            ("groups by instrument over the whole table (one pass)", milliseconds(figures.groups) + "  " + figures.ratio(figures.groups)),
            ("the same with the last hour's deals a minute (two passes)", milliseconds(figures.activity) + "  " + figures.ratio(figures.activity)),
            ("statistics over the whole table", milliseconds(figures.stats) + "  " + figures.ratio(figures.stats)),
            ("ingest, sorted by price", milliseconds(figures.priceIngest) + "  \(figures.ratio(figures.priceIngest))  (\(frames.count) frames)"),
            ("ingest, sorted by date", milliseconds(figures.dateIngest) + "  \(figures.ratio(figures.dateIngest))"),
            (
                "ingest frames (1.2 ms budget, chunks of 512 then 2,048): median / worst",
                milliseconds(frames.sorted()[frames.count / 2]) + " / " + milliseconds(frames.max() ?? 0)
            ),
            (
                "the same frames' time on the drawing thread's CPU: median / worst",
                milliseconds(figures.priceFramesCPU.sorted()[frames.count / 2]) + " / " + milliseconds(figures.priceFramesCPU.max() ?? 0)
            ),
            ("worst frame", milliseconds(figures.worst)),
            ("p99 one-batch merge", milliseconds(figures.p99)),
            ("first batch whose ids go back (a one-off re-tie of every block)", milliseconds(figures.retie)),
        ]
        rows += DealColumn.allCases.map {
            ("re-sort by \($0.rawValue)", milliseconds(figures.resort[$0.rawValue] ?? 0) + "  " + figures.ratio(figures.resort[$0.rawValue] ?? 0))
        }
        rows += [
            ("direction flip", String(format: "%.4f ms", figures.flip * 1000)),
            ("50-row window, random offset", String(format: "%.2f µs", figures.window * 1e6)),
            ("view blocks", NumberText.grouped(figures.blocks)),
            ("peak RSS (fresh process: ingest + every re-sort)", String(format: "%.1f MB, %.1f bytes a row", figures.rss, figures.bytesPerRow)),
            ("deals dropped", "0 (the inbox holds the server back; nothing is discarded)"),
        ]
        if let filters = figures.filters { rows += DealsFilterBench.rows(filters, plain: figures.cxx) }
        if figures.naive > 0 { rows.append(("naive ingest (append + full sort per batch), 100k", milliseconds(figures.naive))) }
        return rows
    }

    static func json(_ figures: Figures) -> [String: Any] {
        [
            "n": figures.count, "plain_sort_ms": figures.plain * 1000, "cxx_sort_ms": figures.cxx * 1000,
            "groups_ms": figures.groups * 1000, "groups_activity_ms": figures.activity * 1000, "stats_ms": figures.stats * 1000,
            "ingest_ms_price": figures.priceIngest * 1000, "ingest_ms_date": figures.dateIngest * 1000, "worst_frame_ms": figures.worst * 1000,
            "worst_ingest_frame_cpu_ms": (figures.priceFramesCPU.max() ?? 0) * 1000,
            "retie_ms": figures.retie * 1000,
            "p99_frame_ms": figures.p99 * 1000, "resort_ms": figures.resort.mapValues { $0 * 1000 }, "flip_ms": figures.flip * 1000,
            "window_us": figures.window * 1e6, "bytes_per_row": figures.bytesPerRow, "peak_rss_mb": figures.rss,
            "naive_ingest_100k_ms": figures.naive * 1000,
            "filters": (figures.filters?.filters ?? []).map {
                [
                    "filter": $0.line, "matched": $0.matched, "lands_ms": $0.apply * 1000, "worst_frame_ms": $0.worstFrame * 1000,
                    "groups_ms": $0.groups * 1000, "stats_ms": $0.stats * 1000,
                ] as [String: Any]
            },
            "resort_under_filter_ms": (figures.filters?.resortUnderFilter.total ?? 0) * 1000,
            "resort_under_filter_worst_frame_ms": (figures.filters?.resortUnderFilter.worstFrame ?? 0) * 1000,
            "summarising_worst_frame_ms": (figures.filters?.summarising.worstFrame ?? 0) * 1000,
        ]
    }

    static func ingest(count: Int, column: DealColumn) -> (Double, [Double]) {
        let (total, frames, _, _) = ingestKeeping(count: count, column: column)
        return (total, frames)
    }

    /// The real server at full speed. Each frame merges what has arrived, at most
    /// `DealFeed.frameLimit` deals, so the view is current after every frame. Each frame's wall
    /// time comes with its time on this thread's CPU: the difference is time the thread was off
    /// its core (the producer, the page faulter or the host had it), not work.
    static func ingestKeeping(count: Int, column: DealColumn) -> (Double, [Double], DealStore, [Double]) {
        let feed = DealFeed(source: .server(count: count, seed: 42, pace: 0), column: column, descending: true)
        var frames: [Double] = []
        var onCPU: [Double] = []
        let total = measure {
            feed.start()
            while !feed.isComplete {
                let cpu = FrameStats.threadCPUTime()
                let took = measure { _ = feed.pump() }
                guard feed.lastMerged > 0 else {
                    Thread.sleep(forTimeInterval: 0.0002)
                    continue
                }
                frames.append(took)
                onCPU.append(FrameStats.threadCPUTime() - cpu)
            }
        }
        return (total, frames, feed.store, onCPU)
    }

    /// One batch of 100 per frame merged into the full table (the steady state of a live feed).
    static func singleBatchMerges(into store: DealStore, batches: Int) -> [Double] {
        var generator = SplitMix64(seed: 99)
        let firstID = 100_000 + store.unfilteredCount  // the server's ids are 100,000 + its deal's number
        return (0..<batches).map { index in
            let deals = (0..<100).map { offset in
                Deal(
                    // Ids after every one the server sent, as a live feed goes on (and below
                    // the filter frames' that follow): ids that went back would break ties by
                    // id from then on, a one-off re-tie of every block (`idsGoingBack`).
                    id: Int64(firstID + index * 100 + offset), dateModified: Date(timeIntervalSince1970: 1_795_200_000 + Double(index)),
                    instrumentName: DealServer.instruments[Int(generator.next() % 20)], price: Double(generator.next() % 200_000) / 100,
                    amount: Double(generator.next() % 1_000_000), side: generator.next() & 1 == 0 ? .buy : .sell)
            }
            return measure { store.append(deals) }
        }
    }

    /// One batch of 100 whose ids are below the table's last: from then on ties are broken by
    /// id rather than row number, and every block's first tie is read afresh once.
    static func idsGoingBack(in store: DealStore) -> Double {
        var generator = SplitMix64(seed: 98)
        let deals = (0..<100).map { offset in
            var deal = DealServer.deal(number: offset, generator: &generator)
            deal.id = Int64(-1 - offset)
            return deal
        }
        while store.catchUp(limit: 4_096) > 0 {}  // rows left waiting by the filter bench's last re-sort
        return measure { store.append(deals) }
    }

    /// Append each batch and sort the whole table with a closure comparator, for contrast.
    static func naiveIngest(count: Int) -> Double {
        var all: [Deal] = []
        var generator = SplitMix64(seed: 42)
        let batches = (0..<(count / 100)).map { batch in (0..<100).map { DealServer.deal(number: batch * 100 + $0, generator: &generator) } }
        return measure {
            for batch in batches {
                all.append(contentsOf: batch)
                all.sort { $0.price != $1.price ? $0.price > $1.price : $0.id < $1.id }
            }
        }
    }

    /// Peak RSS of a fresh process that ingests `count` deals and re-sorts by every column:
    /// what one `deals browse` session holds, without this harness's other measurements.
    static func childPeakRSS(count: Int) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = ["deals-rss", "--count", String(count)] + TuningBench.withoutArguments(OSTuning.off)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// The child side of `childPeakRSS`. With `--times`, also the ingest's time and its
    /// thread's CPU time on stderr (for comparing builds).
    static func rssOnly(_ options: BenchOptions) {
        let (ingest, _, store, _) = ingestKeeping(count: options.int("count", default: 1_000_000), column: .price)
        if options.flag("times") {
            let line = String(format: "ingest by price: %.0f ms, %.0f ms of this thread's time\n", ingest * 1000, FrameStats.threadCPUTime() * 1000)
            FileHandle.standardError.write(Data(line.utf8))
        }
        for column in DealColumn.allCases { store.sort(by: column) }
        _ = store.window(offset: 0, count: 50)
        print(peakRSSMegabytes())
    }

    /// Merging alone: deals made up front (the server's, by number), appended by price in
    /// 512-deal chunks on this one thread. Prints the thread's CPU time: two builds run side by
    /// side share the machine's state, so their times compare where separate runs' do not.
    static func mergeOnly(_ options: BenchOptions) {
        let count = options.int("count", default: 10_000_000)
        let chunk = max(1, options.int("chunk", default: 512))
        var generator = SplitMix64(seed: 42)
        let deals = (0..<count).map { DealServer.deal(number: $0, generator: &generator) }
        let store = DealStore(column: .price)
        store.reserveCapacity(count)
        let start = FrameStats.threadCPUTime()
        for first in stride(from: 0, to: count, by: chunk) { store.append(Array(deals[first..<min(count, first + chunk)])) }
        let took = (FrameStats.threadCPUTime() - start) * 1000
        print(String(format: "%.0f ms merging %d deals in chunks of %d (this thread's time)", took, store.unfilteredCount, chunk))
    }

    static func peakRSSMegabytes() -> Double { statusMegabytes("VmHWM:") }

    /// A size from this process's `/proc/self/status` (`VmHWM:`, `VmRSS:` …) in MB; 0 where
    /// there is none.
    static func statusMegabytes(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) })
        else { return 0 }
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
}
