import ArgumentParser
import FrontKit
import Profile

package struct ProfileCommand: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Show or change your username.",
        subcommands: [Show.self, SetUsername.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the username.")
        @OptionGroup var global: LocalOptions
        func run() async throws {
            try await CommandRunner.run(global) { context in
                let name = try ProfileService(context: context.app).username()
                try context.show(json: ["username": name], text: "Username: \(name)")
            }
        }
    }

    struct SetUsername: NamedCommand {
        static let configuration = CommandConfiguration(commandName: "set-username", abstract: "Change the username.")
        @OptionGroup var global: LocalOptions
        @Argument(help: "3 to 32 letters, digits, '.', '_' or '-', starting with a letter.") var name: String

        func change(_ context: FrontContext) throws -> Shown {
            let saved = try ProfileService(context: context.app).setUsername(name)
            return Shown(json: ["username": saved], text: "Username set to \(saved).")
        }
    }
}
