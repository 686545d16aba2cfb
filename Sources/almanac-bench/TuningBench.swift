import AlmanacCore
import AlmanacProgram
import Foundation
import TerminalKit

/// The tuning layer against the simplicity rule (docs/benchmarks.md, "The tuning layer"): the
/// deals bench in fresh processes, all pieces on and each piece of `OSTuning.Piece` switched
/// off, runs interleaved so the machine's drift falls on all alike; medians per variant.
enum TuningBench {
    /// The figures compared, by their key in `almanac-bench deals --json`.
    static let figures: [(key: String, title: String)] = [
        ("ingest_ms_price", "ingest by price"), ("worst_frame_ms", "worst frame"),
        ("worst_ingest_frame_cpu_ms", "worst ingest frame on CPU"), ("resort_price_ms", "re-sort by price"),
        ("resort_under_filter_worst_frame_ms", "worst frame, re-sort under a filter"), ("peak_rss_mb", "peak RSS"),
    ]

    static func run(_ options: BenchOptions) throws {
        let count = options.int("count", default: 1_000_000)
        let variants: [OSTuning.Piece?] = [nil] + OSTuning.Piece.allCases.map { $0 }
        var measured: [String: [[String: Double]]] = [:]
        for _ in 0..<max(1, options.int("runs", default: 3)) {
            for variant in variants {
                let without = variant.map { Set([$0]) } ?? []
                measured[name(variant), default: []].append(try child(count: count, without: without))
            }
        }
        let rows = variants.map { variant in
            (name(variant), figures.map { median(measured[name(variant)] ?? [], $0.key) })
        }
        print(table(rows, count: count, runs: max(1, options.int("runs", default: 3))))
    }

    static func name(_ variant: OSTuning.Piece?) -> String { variant.map { "without \($0.rawValue)" } ?? "all on" }

    static func withoutArguments(_ off: Set<OSTuning.Piece>) -> [String] {
        off.isEmpty ? [] : ["--without", off.map(\.rawValue).sorted().joined(separator: ",")]
    }

    /// One `deals --json` run in a fresh process; its figures by key, ingest and re-sort as
    /// milliseconds (the yardstick `cxx_sort_ms` is kept for ratios).
    static func child(count: Int, without: Set<OSTuning.Piece>) throws -> [String: Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = ["deals", "--count", String(count), "--json"] + withoutArguments(without)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let object = try JSONSerialization.jsonObject(with: output) as? [String: Any] else { return [:] }
        var values = object.compactMapValues { $0 as? Double }
        values["resort_price_ms"] = (object["resort_ms"] as? [String: Double])?["price"]
        if let cxx = values["cxx_sort_ms"], cxx > 0 {
            values["ingest_ms_price"] = (values["ingest_ms_price"] ?? 0) / cxx
            values["resort_price_ms"] = (values["resort_price_ms"] ?? 0) / cxx
        }
        return values
    }

    static func median(_ runs: [[String: Double]], _ key: String) -> Double {
        OfflineBench.median(runs.compactMap { $0[key] })
    }

    /// Rows of medians: ratios to `std::sort` for ingest and re-sort, milliseconds for frames,
    /// MB for the peak.
    static func table(_ rows: [(String, [Double])], count: Int, runs: Int) -> String {
        var lines = ["\nThe tuning layer at \(NumberText.grouped(count)) deals (medians of \(runs) runs each, interleaved)"]
        lines.append("variant".padding(toLength: 26, withPad: " ", startingAt: 0) + figures.map(\.title).joined(separator: " | "))
        for (name, values) in rows {
            let cells = zip(figures, values).map { figure, value in
                figure.key.hasSuffix("_mb")
                    ? String(format: "%.0f MB", value)
                    : figure.key.hasSuffix("frame_ms") || figure.key.hasSuffix("cpu_ms")
                        ? String(format: "%.2f ms", value) : String(format: "%.2f×", value)
            }
            lines.append(name.padding(toLength: 26, withPad: " ", startingAt: 0) + cells.joined(separator: " | "))
        }
        return lines.joined(separator: "\n")
    }
}
