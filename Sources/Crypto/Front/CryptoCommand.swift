import AlmanacClient
import AlmanacHTTP
import AlmanacProviders
import ArgumentParser
import Crypto
import Foundation
import FrontKit

package struct CryptoCommand: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "crypto", abstract: "A crypto watchlist with today's prices, and daily price history.",
        subcommands: [List.self, Add.self, Remove.self, History.self, Portfolio.self, Alert.self, Settings.self, Usage.self],
        defaultSubcommand: List.self)

    static func chooser(_ context: FrontContext) -> CryptoService.Chooser? {
        guard context.interactive else { return nil }
        return { Prompt.choose("Several pairs match:", $0.map(\.choiceText)) }
    }

    struct List: AsyncParsableCommand, MayWait {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "The watchlist: ID, symbol, name, price, the day's change (also: ls).",
            discussion:
                "--watch keeps it on a full screen and updates the prices on their own, as often as the Twelve Data plan allows (every 61 s for up to 8 pairs on the free plan): a marker on the rows that moved, the next update in the status line, the portfolio's totals and the alerts set off under the table. q or Ctrl+C quits.",
            aliases: ["ls"])
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var wait: WaitOptions
        @Flag(help: "Keep the prices fresh on a full screen, within the credit budget (q quits).") var watch = false

        func validate() throws {
            if watch, global.settings.json { throw ValidationError("--watch is a full screen; --json prints the prices once.") }
        }

        func run() async throws {
            if watch { return try await Self.watch(global) }
            try await CommandRunner.run(global) { context in
                let service = CryptoService(context: context.app)
                if context.json { return try context.printJSON(CryptoJSON.list(try await service.prices())) }
                let (style, now) = (context.style, context.clock.now())
                let text: @Sendable (WatchlistPrices) -> String = { CryptoView.watchlist($0, style: style, now: now) }
                _ = try await context.printStaleFirst(staleFirst: context.interactive, render: text) { try await service.prices(onStale: $0) }
            }
        }

        /// The watchlist alone in the full-screen app (notes go to its status line).
        static func watch(_ global: GlobalOptions) async throws {
            let log = AppLog(brands: [Provider.twelveData.brand, Provider.kraken.brand])
            try await CommandRunner.run(global, console: log.console(verbose: global.settings.verbose)) { context in
                try await CryptoTab.watchApp(context: context, log: log).run(term: context.configuration.environment["TERM"])
            }
        }
    }

    struct Add: AsyncParsableCommand, MayWait {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a pair by symbol (ETH), pair (ETH/USD) or name (Ethereum).")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var wait: WaitOptions
        @Argument(help: "What to add.") var query: String
        @Option(parsing: .unconditional, help: ArgumentHelp("When several pairs match, take the Nth.", valueName: "N")) var pick: Int?

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let service = CryptoService(context: context.app)
                let (item, added) = try await service.add(query, pick: pick, chooser: CryptoCommand.chooser(context))
                if added, let gap = await service.priceGap(item.symbol) {
                    context.console.note("note: " + CryptoView.gap(gap, symbol: item.symbol))
                }
                try context.show(
                    json: ["symbol": item.symbol, "name": item.name, "added": added ? "true" : "false"],
                    text: added ? "Added \(item.symbol) (\(item.name))." : "\(item.symbol) (\(item.name)) is already in the watchlist.")
            }
        }
    }

    struct Remove: NamedCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a pair by ID, symbol, pair or name.")
        @OptionGroup var global: LocalOptions
        @Argument(help: "ID (3), symbol (BTC), pair (btc/usd) or name (Bitcoin).") var reference: String

        func change(_ context: FrontContext) throws -> Shown {
            let item = try CryptoService(context: context.app).remove(reference)
            return Shown(json: ["removed": item.symbol], text: "Removed \(item.symbol) (\(item.name)).")
        }
    }

    struct History: AsyncParsableCommand, MayWait {
        static let configuration = CommandConfiguration(
            commandName: "history", abstract: "Daily closes for a date range (both ends included).")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var wait: WaitOptions
        @Argument(help: "ID, symbol, pair or name.") var reference: String
        @Option(help: "First day: YYYY-MM-DD, today or yesterday (default: 6 days before --to).") var from: String?
        @Option(help: "Last day: YYYY-MM-DD, today or yesterday (default: today).") var to: String?
        @Flag(help: "Also show open, high and low.") var ohlc = false

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let history = try await CryptoService(context: context.app).history(reference, from: from, to: to)
                try context.show(
                    json: Sourced(CryptoJSON.History(history), history.provenance),
                    text:
                        CryptoView.history(history, ohlc: ohlc, style: context.style, chart: context.style.enabled, now: context.clock.now()))
            }
        }
    }

    struct Settings: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "settings", abstract: "The currency prices are shown in, and the provider that prices them.",
            discussion:
                "--currency saves it (an ISO 4217 code: USD, EUR, GBP, …). A pair Twelve Data lists in that currency (BTC/EUR for BTC/USD) is quoted directly; any other is converted at Twelve Data's exchange rate (one more credit, cached like a quote). The tables say which."
        )
        @OptionGroup var global: LocalOptions
        @Option(help: ArgumentHelp("Show prices in this currency (USD, EUR, GBP, …).", valueName: "CODE")) var currency: String?
        @Option(
            help: ArgumentHelp(
                "auto (Twelve Data with a key, else Kraken's keyless public API), twelvedata or kraken.", valueName: "provider"))
        var provider: Picked<PriceSourceChoice>?

        /// `Kraken (pinned)`, …
        static func describe(_ choice: PriceSourceChoice) -> String {
            switch choice {
            case .auto: "Twelve Data with a key, else Kraken (auto)"
            case .twelvedata: "Twelve Data (pinned)"
            case .kraken: "Kraken (pinned)"
            }
        }

        func validate() throws {
            try validating { _ = try provider?.value() }
        }

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let service = CryptoService(context: context.app)
                let code = if let currency { try await service.setCurrency(currency) } else { try service.currency() }
                if let choice = try provider?.value() { try service.setProvider(choice) }
                let chosen = try service.settingsDocument().provider ?? .auto
                var text = currency == nil ? "Prices are shown in \(code)." : "Prices are now shown in \(code)."
                // The provider is said when asked for or pinned; `auto` goes without saying.
                if provider != nil || chosen != .auto { text += " Prices come from \(Self.describe(chosen))." }
                try context.show(json: ["currency": code, "provider": chosen.rawValue], text: text)
            }
        }
    }

    struct Usage: AsyncParsableCommand, MayWait {
        static let configuration = CommandConfiguration(
            commandName: "usage",
            abstract: "Twelve Data credits used and left this minute and today.",
            discussion:
                "Without --check this costs nothing: it shows the count the last answers carried. --check asks Twelve Data's /api_usage, which costs one credit."
        )
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var wait: WaitOptions
        @Flag(help: "Ask Twelve Data for its own count (costs one credit).") var check = false

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let service = CryptoService(context: context.app)
                let server = check ? try await service.checkUsage() : nil
                let usage = service.usage()
                try context.show(
                    json: CryptoJSON.Usage(usage, server: server, plan: service.gate.planText),
                    text:
                        CryptoView.usage(usage, server: server, plan: service.gate.planText, style: context.style, now: context.clock.now()))
            }
        }
    }
}
