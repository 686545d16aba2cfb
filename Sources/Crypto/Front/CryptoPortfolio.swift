import AlmanacCore
import ArgumentParser
import Crypto
import FrontKit

extension CryptoCommand {
    /// `crypto portfolio`: lots owned, valued at the latest prices.
    struct Portfolio: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "portfolio", abstract: "What you own: lots, their value, cost and profit or loss.",
            subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

        struct List: AsyncParsableCommand, MayWait {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "Each lot valued at the latest price, and the totals (also: ls).", aliases: ["ls"])
            @OptionGroup var output: LocalOptions
            @OptionGroup var cache: CacheOptions
            @OptionGroup var deadline: TimeoutOptions
            @OptionGroup var wait: WaitOptions

            func run() async throws {
                try await CommandRunner.run(global) { context in
                    let (valuation, provenance) = try await CryptoService(context: context.app).portfolio()
                    try context.show(
                        json: Sourced(PortfolioJSON(valuation), valuation.items.isEmpty ? nil : provenance),
                        text: PortfolioView.table(valuation, provenance: provenance, style: context.style, now: context.clock.now()))
                }
            }
        }

        struct Add: AsyncParsableCommand, MayWait {
            static let configuration = CommandConfiguration(
                commandName: "add", abstract: "Add a lot: PAIR AMOUNT, at the day's close unless --cost or --price says.")
            @OptionGroup var output: LocalOptions
            @OptionGroup var cache: CacheOptions
            @OptionGroup var deadline: TimeoutOptions
            @OptionGroup var wait: WaitOptions
            @Argument(help: "The pair (BTC/USD), symbol (BTC) or name (Bitcoin).") var pair: String
            @Argument(help: "Units bought, \(NumberRule.units.range) (0.5).") var amount: String
            @Option(parsing: .unconditional, help: ArgumentHelp("What the lot cost in all, in the quote currency.", valueName: "TOTAL")) var cost:
                String?
            @Option(parsing: .unconditional, help: ArgumentHelp("The price paid per unit.", valueName: "PER-UNIT")) var price: String?
            @Option(help: "The day bought: YYYY-MM-DD, today or yesterday (default: today).") var date: String?

            func run() async throws {
                try await CommandRunner.run(global) { context in
                    let lot = try await CryptoService(context: context.app).addLot(pair, amount: amount, cost: cost, price: price, date: date)
                    try context.show(
                        json: ["id": "\(lot.id)", "symbol": lot.symbol, "amount": "\(lot.amount)", "cost": "\(lot.cost)", "date": "\(lot.date)"],
                        text: "Added lot \(lot.id): \(lot.amount) \(lot.symbol) bought \(lot.date) for \(PortfolioView.money(lot.cost)).")
                }
            }
        }

        struct Remove: NamedCommand {
            static let configuration = CommandConfiguration(
                commandName: "remove", abstract: "Remove a lot by ID, or every lot of a pair (BTC/USD or BTC).")
            @OptionGroup var global: LocalOptions
            @Argument(help: "A lot ID (3) or a pair (BTC/USD, BTC).") var reference: String

            func change(_ context: FrontContext) throws -> Shown {
                let removed = try CryptoService(context: context.app).removeLots(reference)
                let list = removed.map { "\($0.id) (\($0.amount) \($0.symbol))" }.joined(separator: ", ")
                return Shown(json: ["removed": removed.map(\.id)], text: "Removed lot\(removed.count == 1 ? "" : "s") \(list).")
            }
        }
    }
}
