import ArgumentParser

/// What a command says: `json` under `--json`, otherwise `text` (`FrontContext.show`).
package struct Shown {
    /// Prints it by the output rule.
    let print: (FrontContext) throws -> Void

    package init(json: some Encodable, text: String) {
        print = { context in try context.show(json: json, text: text) }
    }
}

/// A subcommand that changes a saved file and names what it changes with its argument
/// (`weather remove CITY`, `crypto alert rearm ID`): it declares its name, its argument and the
/// change; the run — `LocalOptions`, the runner, the output rule — is this one.
///
/// A protocol its commands adopt rather than a generic command over an action: the argument
/// parser asks every subcommand type for its conformances, and each instance of a generic type
/// costs a scan of the binary's conformance records on every run (about 0.3 M instructions,
/// docs/benchmarks.md, "One path").
package protocol NamedCommand: AsyncParsableCommand {
    var global: LocalOptions { get }
    /// The change, and what to say of it.
    func change(_ context: FrontContext) throws -> Shown
}

extension NamedCommand {
    package func run() async throws {
        try await CommandRunner.run(global) { context in try change(context).print(context) }
    }
}
