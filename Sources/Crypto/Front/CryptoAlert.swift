import AlmanacProviders
import ArgumentParser
import Crypto
import FrontKit

extension CryptoCommand {
    /// `crypto alert`: a pair crossing above or below a price, checked whenever prices are fetched.
    struct Alert: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "alert", abstract: "Price alerts: above or below a price, checked whenever prices are fetched.",
            subcommands: [List.self, Add.self, Remove.self, Rearm.self, Check.self], defaultSubcommand: List.self)

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "Every alert, armed or triggered (also: ls).", aliases: ["ls"])
            @OptionGroup var global: LocalOptions

            func run() async throws {
                try await CommandRunner.run(global) { context in
                    let alerts = try CryptoService(context: context.app).alerts()
                    let now = context.clock.now()
                    let text =
                        alerts.isEmpty
                        ? "No alerts. Add one: almanac crypto alert add BTC above 100000"
                        : alerts.map { CryptoView.alert($0, now: now) }.joined(separator: "\n")
                    try context.show(json: ItemsJSON(items: alerts.map(AlertJSON.of)), text: text)
                }
            }
        }

        struct Add: AsyncParsableCommand, MayWait {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an alert: PAIR above|below PRICE.")
            @OptionGroup var output: LocalOptions
            @OptionGroup var cache: CacheOptions
            @OptionGroup var deadline: TimeoutOptions
            @OptionGroup var wait: WaitOptions
            @Argument(help: "The pair (BTC/USD), symbol (BTC) or name (Bitcoin).") var pair: String
            @Argument(help: "above or below.") var direction: String
            @Argument(help: "The price, in the pair's quote currency.") var price: String

            func run() async throws {
                try await CommandRunner.run(global) { context in
                    let alert = try await CryptoService(context: context.app).addAlert(pair, direction: direction, price: price)
                    try context.show(json: AlertJSON.of(alert), text: "Added " + CryptoView.alert(alert, now: context.clock.now()))
                }
            }
        }

        struct Remove: NamedCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an alert by ID.")
            @OptionGroup var global: LocalOptions
            @Argument(help: "The alert's ID.") var id: Int

            func change(_ context: FrontContext) throws -> Shown {
                let alert = try CryptoService(context: context.app).removeAlert(id)
                return Shown(
                    json: ["removed": alert.id], text: "Removed alert \(alert.id) (\(alert.symbol) \(alert.direction.rawValue) \(alert.price)).")
            }
        }

        struct Rearm: NamedCommand {
            static let configuration = CommandConfiguration(commandName: "rearm", abstract: "Arm a triggered alert again.")
            @OptionGroup var global: LocalOptions
            @Argument(help: "The alert's ID.") var id: Int

            func change(_ context: FrontContext) throws -> Shown {
                let alert = try CryptoService(context: context.app).rearmAlert(id)
                return Shown(json: AlertJSON.of(alert), text: "Re-armed " + CryptoView.alert(alert, now: context.clock.now()))
            }
        }

        struct Check: AsyncParsableCommand, MayWait {
            static let configuration = CommandConfiguration(
                commandName: "check", abstract: "Fetch the prices of armed alerts; print those that triggered now (exit 0 either way).")
            @OptionGroup var output: LocalOptions
            @OptionGroup var cache: CacheOptions
            @OptionGroup var deadline: TimeoutOptions
            @OptionGroup var wait: WaitOptions
            @Flag(help: "Send a desktop notification (notify-send) for each triggered alert not notified before.")
            var notify = false

            /// The alerts that triggered now, printed first (cron-safe: nothing fired, nothing
            /// printed, exit 0); then, with `--notify`, a notification for each triggered alert not
            /// notified before — never one set off by sample data (a recording is not the price now).
            func run() async throws {
                try await CommandRunner.run(global) { context in
                    let service = CryptoService(context: context.app)
                    let fired = try await service.checkAlerts()
                    let now = context.clock.now()
                    if !fired.isEmpty || context.json {
                        try context.show(
                            json: ["triggered": fired.map(AlertJSON.of)], text: fired.map { CryptoView.alert($0, now: now) }.joined(separator: "\n"))
                    }
                    guard notify else { return }
                    let triggered = try service.alerts().filter { $0.triggeredAt != nil }
                    let live = triggered.filter { $0.seenFrom?.origin != .fixture }
                    if live.count < triggered.count {
                        context.console.noteOnce("note: an alert was set off by sample data; no notification was sent for it.")
                    }
                    try DesktopNotifier(configuration: context.app.configuration, console: context.console).send(
                        live.compactMap { CryptoView.notification($0, now: now) }, now: now)
                }
            }
        }
    }
}
