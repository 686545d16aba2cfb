import ArgumentParser
import FrontKit

struct MenuCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "menu", abstract: "A guided, menu-driven session, one question at a time (also for piped input).")
    @OptionGroup var session: SessionOptions
    @OptionGroup var wait: WaitOptions

    func run() async throws {
        try await CommandRunner.run(session.settings(wait), bounded: false) { context in try await MenuSession(context: context).run() }
    }
}
