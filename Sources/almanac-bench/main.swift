import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import ArgumentParser
import Foundation

/// almanac-bench: benchmark harness (prints tables) and test helpers.
///
///     almanac-bench http [--count 1000] [--json]
///     almanac-bench cache [--json]
///     almanac-bench offline [--runs 10] [--json]
///     almanac-bench app [--presses 300] [--json]
///     almanac-bench deals [--count 1000000 | --scaling] [--json]
///     almanac-bench deals-merge [--count 10000000] [--chunk 512]   (merging alone, one thread: for A/B runs)
///     almanac-bench deals-rss [--count 1000000] [--times]   (peak RSS of ingest and re-sorts)
///     almanac-bench deals-summary [--count 10000000] [--runs 5]   (groups and statistics alone: time, memory)
///     almanac-bench glance [--runs 20] [--static PATH] [--dynamic PATH]   (status-bar runs against --version)
///     almanac-bench warnings [--runs 15] [--binary PATH]   (%W on a warm cache of the largest MeteoAlarm feeds)
///     almanac-bench tuning [--count 1000000] [--runs 3]   (each tuning piece switched off, against all on)
///     almanac-bench serve [--seconds 600] [--credits 8] [--now]
///     almanac-bench served [--binary PATH] [--seconds 20] [--requests 100000] [--idle 30] [--week SECONDS [--only week]]   (almanac serve under load)
///     almanac-bench all
let arguments = Array(CommandLine.arguments.dropFirst())
// The manual plugin asks every executable built on the argument parser for its help as JSON.
if arguments == ["--experimental-dump-help"] { BenchManual.main() }
let command = arguments.first ?? "all"
let options = BenchOptions(Array(arguments.dropFirst()))
// `--without huge-pages,fault-ahead`: the tuning pieces to switch off (`almanac-bench tuning`).
setenv(OSTuning.offVariable, options.values["without"] ?? "", 1)  // before `OSTuning.off` is first read

do {
    switch command {
    case "http": try await HTTPBench.run(options)
    case "cache": try await CacheBench.run(options)
    case "crypto": try await CryptoBench.run(options)
    case "offline": try await OfflineBench.run(options)
    case "deals": try await DealsBench.run(options)
    case "app": try await AppBench.run(options)
    case "deals-rss": DealsBench.rssOnly(options)
    case "deals-merge": DealsBench.mergeOnly(options)
    case "deals-summary": DealsSummaryBench.run(options)
    case "tuning": try TuningBench.run(options)
    case "glance": try GlanceBench.run(options)
    case "warnings": try WarningFeedsBench.run(options)
    case "serve": try await ServeCommand.run(options)
    case "served": try ServeLoadBench.run(options)
    case "store-writer": try StoreWriter.run(Array(arguments.dropFirst()))
    case "all":
        try await HTTPBench.run(options)
        try await CacheBench.run(options)
        try await CryptoBench.run(options)
        try await OfflineBench.run(options)
        try await DealsBench.run(options)
        try await AppBench.run(options)
    default:
        FileHandle.standardError.write(Data("usage: almanac-bench http|cache|crypto|offline|deals|app|all [--count N] [--json]\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("almanac-bench: \(ErrorText.describe(error))\n".utf8))
    exit(1)
}

/// What the manual plugin is told of this tool (`--experimental-dump-help`).
struct BenchManual: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac-bench", abstract: "The benchmark harness: each benchmark prints a table (docs/benchmarks.md).")
}
