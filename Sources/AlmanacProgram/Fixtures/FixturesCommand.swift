import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import ArgumentParser
import Foundation
import FrontKit
import TerminalKit

struct FixturesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixtures", abstract: "Record your own sample data from the live APIs (or the cache), for offline use.",
        subcommands: [Record.self, Index.self])

    struct Record: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Record the answers sample mode needs, with your keys, every secret scrubbed.",
            discussion: """
                Live, this asks each provider for what the examples use: your saved cities (or Moscow and London) with 7 and \
                25 days, the watchlist, a week of history, the pair catalogue (about 8 Twelve Data credits), the fruit \
                catalogue, Banana and the Rosaceae family. With --from-cache nothing is sent: what is cached now is written \
                out. The set goes to a fixtures folder under the data folder, which sample mode then prefers over the \
                shipped one; the shipped Fixtures/ is only written when --to names it.
                """)
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @Option(help: "Only this provider: twelvedata, fruityvice, openweather, yandex, metno (with Open-Meteo) or kraken.") var provider: String?
        @Option(help: ArgumentHelp("Where to write the set (default: <data>/fixtures).", valueName: "folder")) var to: String?
        @Flag(name: .customLong("from-cache"), help: "Write what is in the cache now; no network at all.") var fromCache = false

        func validate() throws {
            if let provider, FixtureRecorder.choices[provider] == nil {
                throw ValidationError("--provider must be twelvedata, fruityvice, openweather, yandex, metno or kraken, not \"\(provider)\".")
            }
        }

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let providers = provider.flatMap { FixtureRecorder.choices[$0] } ?? Provider.allCases
                let folder = to.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? context.configuration.userFixturesFolder
                if to != nil { try OutputPathError.requireParent(of: folder) }
                let recorder = FixtureRecorder(context: context.app)
                let summary = fromCache ? try recorder.recordFromCache(providers, to: folder) : try await recorder.recordLive(providers, to: folder)
                try context.show(json: summary, text: FixturesView.summary(summary, style: context.style))
                for line in summary.lines {
                    if let skipped = line.skipped { context.console.note("note: \(line.provider) skipped: \(skipped).") }
                    for failure in line.failures { context.console.note("almanac: \(line.provider): \(failure)") }
                }
                if !summary.complete || !summary.written { throw ExitCode(ExitStatus.unavailable) }
            }
        }
    }

    struct Index: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "index",
            abstract: "Write the manifest of a fixture folder (after adding recordings by hand).")
        @OptionGroup var global: LocalOptions
        @Argument(help: "The fixture folder.") var folder: String
        @Option(help: ArgumentHelp("The day the set treats as today.", valueName: "YYYY-MM-DD")) var recordedOn: String?

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let url = URL(fileURLWithPath: folder, isDirectory: true)
                guard FileManager.default.fileExists(atPath: url.path) else { throw UsageError("No folder \(url.path).") }
                if let recordedOn, LocalDate(recordedOn) == nil {
                    throw UsageError("The recording day must be a date as YYYY-MM-DD, not \"\(recordedOn)\".")
                }
                let previous = FixtureManifest.load(from: url)
                let manifest = FixtureManifest.index(
                    url, program: previous?.program ?? "almanac \(AlmanacVersion.current)",
                    recordedAt: previous?.recordedAt, recordedOn: recordedOn ?? previous?.recordedOn)
                try manifest.write(to: url)
                context.console.print("Indexed \(manifest.recordings.count) recordings in \(url.path).")
            }
        }
    }
}

enum FixturesView {
    static func summary(_ summary: FixtureRecorder.Summary, style: Style) -> String {
        var table = Table([.init("Provider"), .init("Requests", .right), .init("Bytes", .right), .init("Secrets scrubbed", .right), .init("Note")])
        // A provider nothing asked (no step records it, none skipped it, nothing failed) is no row
        // of zeros: one sentence names them under the table.
        let unasked = summary.lines.filter { $0.requests == 0 && $0.skipped == nil && $0.failures.isEmpty }.map(\.provider)
        for line in summary.lines where !unasked.contains(line.provider) {
            let note = line.skipped.map { "skipped: \($0)" } ?? (line.failures.isEmpty ? "" : style.red("\(line.failures.count) failed"))
            table.add([line.provider, String(line.requests), NumberText.grouped(line.bytes), String(line.secretsScrubbed), note])
        }
        let written =
            !summary.written
            ? "Nothing was recorded, so nothing was written to \(summary.folder); the sample data is as it was."
            : summary.complete
                ? "Written to \(summary.folder)" : "Written to \(summary.folder), holding \(summary.holds.joined(separator: ", ")) only"
        let none = unasked.isEmpty ? "" : "\n" + style.sentence("Not asked this run (no step records them): \(unasked.joined(separator: ", ")).")
        return table.render(style: style) + none + "\n\n" + written
    }
}
