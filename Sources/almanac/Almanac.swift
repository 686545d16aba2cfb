import AlmanacKit
import ArgumentParser

@main
struct Almanac: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac",
        abstract: "Weather, crypto prices, fruit nutrition, an exam planner and a live deals table — cache-first and offline-capable.",
        discussion: "Run with no arguments for a menu-driven session. Every data command takes --json.",
        version: AlmanacVersion.current,
        subcommands: [
            WeatherCommand.self, CryptoCommand.self, FruitCommand.self, ExamsCommand.self, DealsCommand.self,
            ProfileCommand.self, MenuCommand.self, DoctorCommand.self, CacheCommand.self,
        ]
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run(global) { context in
            try await MenuSession(context: context).run()
        }
    }
}
