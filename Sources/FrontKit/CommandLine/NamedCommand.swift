import ArgumentParser

/// What a command says: `json` under `--json`, otherwise `text` (`FrontContext.show`).
package struct Shown {
    /// Prints it by the output rule.
    let print: (FrontContext) throws -> Void

    package init(json: some Encodable, text: String) {
        print = { context in try context.show(json: json, text: text) }
    }
}

/// One subcommand that changes a saved file and names what it changes with one argument
/// (`weather remove CITY`, `crypto alert rearm ID`): the action's type declares its name, its
/// argument's help and what it does; the shell — `LocalOptions`, the run, the output rule — is
/// this one.
package protocol NamedAction {
    associatedtype Name: ExpressibleByArgument
    static var configuration: CommandConfiguration { get }
    /// The argument's help; its `valueName` is what usage and errors call it (`<city>`).
    static var argument: ArgumentHelp { get }
    static func change(_ name: Name, _ context: FrontContext) throws -> Shown
}

/// The command running a `NamedAction` (list it as `NamedCommand<Remove>.self`).
package struct NamedCommand<Action: NamedAction>: AsyncParsableCommand {
    package static var configuration: CommandConfiguration { Action.configuration }
    @OptionGroup var global: LocalOptions
    @Argument(help: Action.argument) var name: Action.Name

    package init() {}

    package func run() async throws {
        try await CommandRunner.run(global) { context in
            try Action.change(name, context).print(context)
        }
    }
}
