import AlmanacKit
import ArgumentParser
import Foundation

struct CryptoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crypto", abstract: "A crypto watchlist with today's prices, and daily price history.",
        subcommands: [List.self, Add.self, Remove.self, History.self], defaultSubcommand: List.self)

    static func chooser(_ context: AppContext) -> CryptoService.Chooser? {
        guard context.interactive else { return nil }
        return { pairs in
            Prompt.choose("Several pairs match:", pairs.map { "\($0.symbol) (\($0.currency_base ?? "?") in \($0.currency_quote ?? "?"))" })
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The watchlist: ID, symbol, name, price, the day's change.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let prices = try await CryptoService(context: context).prices()
                if context.json { return try context.printJSON(CryptoJSON.List(prices)) }
                context.console.print(CryptoView.watchlist(prices, style: context.style, now: context.clock.now()))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a pair by symbol (ETH), pair (ETH/USD) or name (Ethereum).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "What to add.") var query: String
        @Option(help: ArgumentHelp("When several pairs match, take the Nth.", valueName: "N")) var pick: Int?

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let (item, added) = try await CryptoService(context: context).add(query, pick: pick, chooser: CryptoCommand.chooser(context))
                if context.json { return try context.printJSON(["symbol": item.symbol, "name": item.name, "added": added ? "true" : "false"]) }
                context.console.print(added ? "Added \(item.symbol) (\(item.name))." : "\(item.symbol) (\(item.name)) is already in the watchlist.")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a pair by ID, symbol, pair or name.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "ID (3), symbol (BTC), pair (btc/usd) or name (Bitcoin).") var reference: String

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let item = try CryptoService(context: context).remove(reference)
                if context.json { return try context.printJSON(["removed": item.symbol]) }
                context.console.print("Removed \(item.symbol) (\(item.name)).")
            }
        }
    }

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Daily closes for a date range (both ends included).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "ID, symbol, pair or name.") var reference: String
        @Option(help: "First day: YYYY-MM-DD, today or yesterday (default: 6 days before --to).") var from: String?
        @Option(help: "Last day: YYYY-MM-DD, today or yesterday (default: today).") var to: String?
        @Flag(help: "Also show open, high and low.") var ohlc = false

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let history = try await CryptoService(context: context).history(reference, from: from, to: to)
                if context.json { return try context.printJSON(CryptoJSON.History(history)) }
                context.console.print(CryptoView.history(history, ohlc: ohlc, style: context.style, chart: context.style.enabled, now: context.clock.now()))
            }
        }
    }
}
