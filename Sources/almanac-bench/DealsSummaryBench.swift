import AlmanacClient
import AlmanacCore
import AlmanacKit
import AlmanacProgram
import DealTable
import Deals
import DealsFront
import Foundation
import TerminalKit

/// The summaries alone, for A/B runs: `count` server deals appended to a table sorted by price,
/// then groups and statistics of the whole table built `runs` times each. Prints the median
/// and fastest of each beside C++ `std::sort` of the same N, and the memory each adds at its
/// peak: the kernel's high-water mark is reset (`/proc/self/clear_refs`) before each build and
/// read after it, less the resident size before.
enum DealsSummaryBench {
    static func run(_ options: BenchOptions) {
        let count = options.int("count", default: 10_000_000)
        let runs = max(1, options.int("runs", default: 5))
        let cxx = DealsBench.cxxSort(count: count)
        var generator = SplitMix64(seed: 42)
        let store = DealStore(column: .price)
        store.reserveCapacity(count)
        for first in stride(from: 0, to: count, by: 100_000) {
            store.append((first..<min(count, first + 100_000)).map { DealServer.deal(number: $0, generator: &generator) })
        }
        var rows: [(String, String)] = [("deals (N)", NumberText.grouped(count)), ("C++ std::sort of N by price", milliseconds(cxx))]
        var json: [String: Any] = ["n": count, "cxx_sort_ms": cxx * 1000]
        let builds: [(String, String, () -> Int)] = [
            ("groups by instrument", "groups", { store.snapshot().groups(by: .instrument).total }),
            ("statistics", "stats", { store.snapshot().statistics().count }),
        ]
        for (name, key, build) in builds {
            let (times, added) = measured(runs: runs, build)
            let median = times.sorted()[times.count / 2]
            let text = String(
                format: "%@ (%.2f×) / %@ (%.2f×); %.1f MB, %.2f bytes a row", milliseconds(median), median / cxx, milliseconds(times.min()!),
                times.min()! / cxx, added, added * 1024 * 1024 / Double(count))
            rows.append(("\(name), whole table: median / fastest of \(runs); memory added", text))
            json[key + "_median_ms"] = median * 1000
            json[key + "_added_mb"] = added
        }
        rows += panelLayout(store, count: count, runs: runs)
        report(
            "Deals summaries at \(NumberText.grouped(count)) (goals: groups ≤ 0.1×, statistics ≤ 0.2×, ≤ 8 bytes a row)", rows, json: json,
            asJSON: options.json)
    }

    /// Laying out the browser's group panel (what a frame does when a build lands), at 160 and
    /// 80 columns: the median and slowest of `runs`.
    private static func panelLayout(_ store: DealStore, count: Int, runs: Int) -> [(String, String)] {
        let groups = store.snapshot().groups(by: .instrument, activity: true)
        let style = Style(enabled: true)
        return [160, 80].map { width in
            let (times, _) = measured(runs: runs) {
                DealSummaryView.groups(groups, order: .deals, received: count, style: style, width: width).count
            }
            let text = milliseconds(times.sorted()[times.count / 2]) + " / " + milliseconds(times.max()!)
            return ("group panel laid out, \(groups.groups.count) groups at \(width) columns: median / slowest of \(runs)", text)
        }
    }

    /// Each build's seconds, and the most memory (MB) any one added at its peak.
    private static func measured(runs: Int, _ build: () -> Int) -> ([Double], Double) {
        var (times, added, sink) = ([Double](), 0.0, 0)
        for _ in 0..<runs {
            let before = DealsBench.statusMegabytes("VmRSS:")
            try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
            times.append(measure { sink &+= build() })
            added = max(added, DealsBench.peakRSSMegabytes() - before)
        }
        if sink == -1 { print(sink) }
        return (times, added)
    }
}
