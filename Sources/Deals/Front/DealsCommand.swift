import AlmanacCore
import AlmanacHTTP
import ArgumentParser
import DealTable
import Deals
import Foundation
import FrontKit

#if canImport(Glibc)
    import Glibc
#endif

package struct DealsCommand: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "deals", abstract: "A live table of about a million trading deals, always sorted.",
        subcommands: [Top.self, Browse.self, Export.self, Group.self, Stats.self], defaultSubcommand: Top.self)
}

/// The filter options of `deals top`, `deals browse` and `deals export`.
package struct DealFilterOptions: ParsableArguments {
    package init() {}

    @Option(help: "Only instruments containing this text (any case), e.g. eur/usd.") var instrument: String?
    @Option(help: "Only buys or only sells: buy or sell.") package var side: Picked<Deal.Side>?
    @Option(parsing: .unconditional, help: "Lowest price kept.") package var minPrice: Double?
    @Option(parsing: .unconditional, help: "Highest price kept.") package var maxPrice: Double?
    @Option(parsing: .unconditional, help: "Smallest amount kept.") package var minAmount: Double?
    @Option(parsing: .unconditional, help: "Largest amount kept.") package var maxAmount: Double?
    @Option(help: "First local day kept: YYYY-MM-DD, today or yesterday.") package var since: String?
    @Option(help: "Last local day kept: YYYY-MM-DD, today or yesterday.") package var until: String?

    package func validate() throws {
        try validating { _ = try side?.value() }
        for (name, value) in [("--min-price", minPrice), ("--max-price", maxPrice), ("--min-amount", minAmount), ("--max-amount", maxAmount)] {
            if let value, !value.isFinite { throw ValidationError("\(name) must be a number.") }
        }
    }

    /// The options as the browser's filter line (`eur/usd side:buy price>=1.08`).
    var line: String {
        let side = ((try? side?.value()) ?? nil).map { "side:\($0.rawValue)" }  // validated
        let bounds = [("price>=", minPrice), ("price<=", maxPrice), ("amount>=", minAmount), ("amount<=", maxAmount)].map { field, value in
            value.map { field + DealExport.number($0) }
        }
        let days = [since.map { "since:\($0)" }, until.map { "until:\($0)" }]
        return ([instrument, side] + bounds + days).compactMap { $0 }.joined(separator: " ")
    }

    /// The filter these options describe; days are read against `today` in the local zone.
    func filter(today: LocalDate) throws -> DealFilter {
        var filter = DealFilter()
        filter.instrument = instrument?.trimmingWhitespace()
        filter.side = try side?.value()
        filter.price = .init(lower: minPrice.map { .init($0) }, upper: maxPrice.map { .init($0) })
        filter.amount = .init(lower: minAmount.map { .init($0) }, upper: maxAmount.map { .init($0) })
        func day(_ text: String?, _ flag: String) throws -> LocalDate? {
            guard let text else { return nil }
            do { return try DateInput.parse(text, today: today, field: .date) } catch {
                throw UsageError("\(flag) must be a date as YYYY-MM-DD, today or yesterday, not \"\(text)\".")
            }
        }
        let (first, last) = (try day(since, "--since"), try day(until, "--until"))
        if let first, let last, first > last { throw UsageError("--since \(first) is after --until \(last); no deal can match.") }
        filter.time = .init(
            lower: first.map { .init(DealFilter.start(of: $0, .current)) },
            upper: last.map { .init(DealFilter.start(of: $0.adding(days: 1), .current), inclusive: false) })
        try filter.check()
        return filter
    }
}

/// Options shared by `deals top` and `deals browse`.
package struct DealOptions: ParsableArguments {
    package init() {}

    @Option(help: "Sort column: date, instrument, price, amount or side.") package var sort = Picked<DealColumn>(.date)
    @Flag(help: "Ascending order.") package var asc = false
    @Flag(help: "Descending order (the default).") var desc = false
    @Option(parsing: .unconditional, help: "Deals the built-in server sends.") package var count = TypedNumber<DealCountNumber>(1_000_000)
    @Option(parsing: .unconditional, help: "Seed of the built-in server (same seed, same deals).") var seed: UInt64 = 42
    @Option(parsing: .unconditional, help: "Mean batches of 100 per second from the built-in server; 0 = as fast as possible.") package var pace:
        TypedNumber<PaceNumber>?
    @Option(help: "Read JSON-lines deals from a file or an http(s) URL instead of the built-in server.") var source: String?

    package func validate() throws {
        if asc && desc { throw ValidationError("Give --asc or --desc, not both.") }
        try validating { _ = try (sort.value(), count.whole(), pace?.value()) }
    }

    /// The sort column (validated; the date otherwise).
    var column: DealColumn { (try? sort.value()) ?? .date }

    /// The feed these options describe: their source (the built-in server at `defaultPace`
    /// batches a second unless `--pace` says), sorted by `--sort` in their direction. Not
    /// `live` (`top`, `export`): a Kraken tape ends after its first answers. Kraken's base URL
    /// is the run's (`ALMANAC_KRAKEN_URL`); offline, a tape reads Kraken's recorded trades.
    package func feed(_ context: FrontContext, defaultPace: Double, live: Bool = true) -> DealFeed {
        // Validated: the count and the pace keep their rules.
        let server = DealSource.server(
            count: (try? count.whole()) ?? 0, seed: seed, pace: ((try? pace?.value()) ?? nil) ?? defaultPace, end: context.app.days.feedEnd())
        var chosen = source.map { DealSource.parse($0, krakenURL: context.configuration.baseURL(for: .kraken)) } ?? server
        if case .kraken(var tape) = chosen {
            // Kraken's recordings as its tape asks them, with Kraken's batching (the client's
            // sample set knows no provider).
            let recorded = context.client.samples.fixtures.map { FixtureTransport(folders: $0.folders, providers: [.kraken]) }
            tape.once = !live
            tape.recordings = context.configuration.offline ? recorded : nil
            tape.fallback = live ? nil : recorded
            chosen = .kraken(tape)
        }
        return DealFeed(source: chosen, column: column, descending: !asc)
    }
}

extension DealsCommand {
    struct Top: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "top", abstract: "Receive the stream, then print the first rows of the sorted table.")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var deals: DealOptions
        @OptionGroup(title: "Filters") var filters: DealFilterOptions
        @Option(parsing: .unconditional, help: "Rows to print.") var limit = TypedNumber<RowsNumber>(20)

        func validate() throws {
            try validating { _ = try limit.whole() }
        }

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let limit = try limit.whole()
                let feed = try await deals.received(context, filter: try filters.filter(today: try context.app.days.today()))
                let rows = feed.store.window(offset: 0, count: limit)
                try context.show(json: DealsTopJSON(feed.store, rows: rows), text: DealsView.top(rows, store: feed.store, style: context.style))
            }
        }
    }
}

extension DealsCommand {
    struct Export: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Receive the stream, then write the filtered, sorted table to a file (CSV or JSON).")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var deals: DealOptions
        @OptionGroup(title: "Filters") var filters: DealFilterOptions
        @Option(help: "The file to write.") var to: String
        @Option(help: "csv (a header row, RFC 4180) or json (as deals top --json).") var format: Picked<DealExport.Format>?
        @Flag(help: "Replace the file when it exists.") var force = false

        func validate() throws {
            try validating { _ = try format?.value() }
        }

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let filter = try filters.filter(today: try context.app.days.today())
                let url = URL(fileURLWithPath: to)
                try OutputPathError.requireTarget(url, replacing: force)
                let feed = try await deals.received(context, filter: filter)
                // The format asked for, else the file's extension (`.json`), else CSV.
                let format = try self.format?.value() ?? (to.lowercased().hasSuffix(".json") ? .json : .csv)
                let written = try DealExport.write(feed.store.snapshot(), to: url, format: format, replacing: force)
                let summary = "Wrote \(DealsView.grouped(written)) of \(DealsView.grouped(feed.store.unfilteredCount)) deals to \(url.path)."
                try context.show(json: ExportJSON(file: url.path, format: format.rawValue, rows: written), text: summary)
            }
        }
    }

    /// `deals export --json`: what was written where.
    struct ExportJSON: Encodable {
        var file, format: String
        var rows: Int
    }
}

extension DealOptions {
    /// Receives the whole stream these options describe, with a progress line on a terminal,
    /// then narrows the table to `filter`; warns about a source that stopped early or lines it
    /// skipped.
    func received(_ context: FrontContext, filter: DealFilter) async throws -> DealFeed {
        let feed = feed(context, defaultPace: 0, live: false)
        if case .file(let url) = feed.source, let error = DealsError.checkReadable(url) { throw error }
        // Within what is left of --timeout: a snapshot does not outwait a network that is gone.
        feed.start(options: context.configuration.transportNow() ?? context.configuration.transport)
        let progress = ProgressLine(
            total: feed.source.expected, enabled: Invocation.isTerminal(STDERR_FILENO) && !context.json, width: context.style.columns ?? 80)
        try await feed.drain { progress.update(received: $0) }
        progress.finish()
        if let label = feed.label, feed.received > 0 { context.console.note(label) }
        if let failure = feed.failure {
            if feed.store.count == 0 { throw DealsError.sourceFailed(failure) }
            context.console.warn("the source stopped early: \(failure)")
        }
        if feed.skipped > 0 {
            context.console.warn("skipped \(feed.skipped) malformed \(feed.skipped == 1 ? "line" : "lines") in the source.")
        }
        feed.store.applyFilter(filter)
        return feed
    }
}

/// `Receiving deals 523,400 / 1,000,000 [#####-----] 812k/s ETA 0.6 s` on stderr, redrawn in
/// place and cleared when the stream ends; on a terminal too narrow for it, the parts that fit
/// (the count always), never wrapped.
package final class ProgressLine {
    let total: Int?
    let enabled: Bool
    /// The terminal's columns: the line stays shorter, so `\r` redraws it in place.
    let width: Int
    private let started = Date()
    private var lastDraw = Date.distantPast

    package init(total: Int?, enabled: Bool, width: Int) {
        self.total = total
        self.enabled = enabled
        self.width = width
    }

    /// Redraws the line, at most 20 times a second.
    func update(received: Int) {
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.05 else { return }
        lastDraw = Date()
        let elapsed = max(0.001, Date().timeIntervalSince(started))
        let rate = Double(received) / elapsed
        var parts = ["Receiving deals \(DealsView.grouped(received))"]
        if let total, total > 0 {
            let filled = Int(min(1, Double(received) / Double(total)) * 20)
            let eta = rate > 0 ? Double(total - received) / rate : 0
            parts[0] += " / \(DealsView.grouped(total))"
            parts.append("[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled) + "]")
            parts.append("\(DecimalText.fixed(rate / 1000, 0))k/s ETA \(DecimalText.fixed(eta, 1)) s")
        } else {
            parts.append("\(DecimalText.fixed(rate / 1000, 0))k/s")
        }
        while parts.count > 1, parts.joined(separator: " ").count + 1 >= width { parts.remove(at: 1) }
        let text = parts.joined(separator: " ")
        Console.writeRaw("\r" + text + String(repeating: " ", count: max(0, min(width - 1, 60) - text.count)), to: STDERR_FILENO)  // own figures
    }

    /// Clears the line: the table's heading that follows says how many deals came.
    func finish() {
        guard enabled else { return }
        Console.writeRaw("\r\u{1B}[K", to: STDERR_FILENO)
    }
}
