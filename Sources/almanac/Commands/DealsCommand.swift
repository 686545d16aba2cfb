import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import AlmanacUI
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

struct DealsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deals", abstract: "A live table of about a million trading deals, always sorted.",
        subcommands: [Top.self, Browse.self], defaultSubcommand: Top.self)
}

/// Options shared by `deals top` and `deals browse`.
struct DealOptions: ParsableArguments {
    @Option(help: "Sort column: date, instrument, price, amount or side.") var sort: String = "date"
    @Flag(help: "Ascending order.") var asc = false
    @Flag(help: "Descending order (the default).") var desc = false
    @Option(help: "Deals the built-in server sends.") var count: Int = 1_000_000
    @Option(help: "Seed of the built-in server (same seed, same deals).") var seed: UInt64 = 42
    @Option(help: "Mean batches of 100 per second from the built-in server; 0 = as fast as possible.") var pace: Double?
    @Option(help: "Read JSON-lines deals from a file or an http(s) URL instead of the built-in server.") var source: String?

    func validate() throws {
        guard DealColumn(rawValue: sort) != nil else {
            throw ValidationError("--sort must be date, instrument, price, amount or side, not \"\(sort)\".")
        }
        if asc && desc { throw ValidationError("Give --asc or --desc, not both.") }
        guard (0...10_000_000).contains(count) else { throw ValidationError("--count must be from 0 to 10000000.") }
        if let pace, pace < 0 || !pace.isFinite { throw ValidationError("--pace must be zero or more batches per second.") }
    }

    var column: DealColumn { DealColumn(rawValue: sort)! }

    private func dealSource(defaultPace: Double) -> DealSource {
        if let source { return DealSource.parse(source) }
        return .server(count: count, seed: seed, pace: pace ?? defaultPace)
    }

    /// The feed these options describe: their source (the built-in server at `defaultPace`
    /// batches a second unless `--pace` says), sorted by `--sort` in their direction.
    func feed(defaultPace: Double) -> DealFeed {
        DealFeed(source: dealSource(defaultPace: defaultPace), column: column, descending: !asc)
    }
}

extension DealsCommand {
    struct Top: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "top", abstract: "Receive the stream, then print the first rows of the sorted table.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var deals: DealOptions
        @Option(help: "Rows to print.") var limit: Int = 20

        func validate() throws {
            guard (0...100_000).contains(limit) else { throw ValidationError("--limit must be from 0 to 100000.") }
        }

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let feed = deals.feed(defaultPace: 0)
                feed.start(options: context.configuration.transport)
                let progress = ProgressLine(total: feed.source.expected, enabled: isatty(STDERR_FILENO) == 1 && !context.json)
                try await feed.drain { progress.update(received: $0) }
                progress.finish(received: feed.received)
                if let failure = feed.failure {
                    if feed.store.count == 0 { throw DealsError.sourceFailed(failure) }
                    context.console.warn("the source stopped early: \(failure)")
                }
                if feed.skipped > 0 {
                    context.console.warn("skipped \(feed.skipped) malformed \(feed.skipped == 1 ? "line" : "lines") in the source.")
                }
                let rows = feed.store.window(offset: 0, count: limit)
                try context.show(
                    json: ItemsJSON(items: rows.map(DealJSON.init)),
                    text:
                        DealsView.table(
                            rows, column: feed.store.column, descending: feed.store.descending,
                            total: feed.store.count, style: context.style))
            }
        }
    }
}

enum DealsError: Error, CustomStringConvertible {
    case sourceFailed(String)
    var description: String {
        switch self {
        case .sourceFailed(let reason): "Could not read deals: \(reason)."
        }
    }
}

/// `Receiving deals 523,400 / 1,000,000 [#####-----] 812k/s ETA 0.6 s` on stderr, redrawn in place.
final class ProgressLine {
    let total: Int?
    let enabled: Bool
    private let started = Date()
    private var lastDraw = Date.distantPast

    init(total: Int?, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func update(received: Int) {
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.05 else { return }
        lastDraw = Date()
        draw(received)
    }

    func finish(received: Int) {
        guard enabled else { return }
        draw(received)
        FileHandle.standardError.write(Data("\n".utf8))
    }

    private func draw(_ received: Int) {
        let elapsed = max(0.001, Date().timeIntervalSince(started))
        let rate = Double(received) / elapsed
        var text = "\rReceiving deals \(DealsView.grouped(received))"
        if let total, total > 0 {
            let fraction = min(1, Double(received) / Double(total))
            let filled = Int(fraction * 20)
            let eta = rate > 0 ? Double(total - received) / rate : 0
            text += " / \(DealsView.grouped(total)) [" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled) + "]"
            text += " \(DecimalText.fixed(rate / 1000, 0))k/s ETA \(DecimalText.fixed(eta, 1)) s "
        } else {
            text += " \(DecimalText.fixed(rate / 1000, 0))k/s "
        }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
