import AlmanacClient
import AlmanacCore
import AlmanacProviders
import ArgumentParser
import CryptoFront
import DealsFront
import ExamsFront
import Foundation
import FrontKit
import FruitFront
import ProfileFront
import WeatherFront

package struct AlmanacCommand: AsyncParsableCommand, MayWait {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "almanac",
        abstract: "Weather, crypto prices, fruit nutrition, an exam planner and a live deals table: cache-first and offline-capable.",
        discussion: "Run with no arguments on a terminal for the full-screen app (almanac menu for the line menu). Every data command takes --json.",
        version: AlmanacVersion.current,
        subcommands: Features.all.map(\.command) + [
            LineCommand.self, UICommand.self, MenuCommand.self, ServeCommand.self, DoctorCommand.self, CacheCommand.self, FixturesCommand.self,
        ]
    )

    @OptionGroup package var output: LocalOptions
    @OptionGroup package var cache: CacheOptions
    @OptionGroup package var deadline: TimeoutOptions
    @OptionGroup package var wait: WaitOptions

    /// `0.1.0 (deb, commit 1a2b3c4d5e6f)`: the version, how it was installed (`deb`, `tarball`,
    /// `source`: `FixtureLocator.channel`) and, when known, the commit it was built from. Worked
    /// out only for `--version` (it reads files), not on every run as the parser's configuration would.
    package static func version() -> String {
        let path = Invocation.executablePath
        let commit = FixtureLocator.commit(executablePath: path).map { ", commit \($0)" } ?? ""
        return AlmanacVersion.current + " (\(FixtureLocator.channel(executablePath: path))\(commit))"
    }

    /// The root help's last line: where the guides are, and the manual.
    package static let guides =
        "Guides: the docs/ folder of the source (README.md lists them). "
        + "Every command and option: almanac help COMMAND, or man almanac once installed (make install)."

    /// The root help with the guides' line after it.
    package static func rootHelp() -> String { helpMessage() + "\n\n" + guides }

    /// On a terminal: the full-screen app (the line menu when TERM is dumb). Piped: the help.
    package func run() async throws {
        let context = CommandRunner.makeContext(global, bounded: false)
        guard context.interactive else { return Console.write(AlmanacCommand.rootHelp() + "\n", to: STDOUT_FILENO) }
        if context.configuration.environment["TERM"] == "dumb" {
            return try await CommandRunner.run(global, bounded: false) { context in try await MenuSession(context: context).run() }
        }
        try await UICommand.open(global, deals: try DealOptions.parse([]))
    }
}

/// The entry point: parse, run, and turn every failure into one line on stderr and its exit code.
package enum Main {
    /// Runs the process's command line and exits with its code.
    package static func main() -> Never {
        Foundation.exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs `arguments` (the program's name aside) and returns the exit code. Parsing is
    /// synchronous; the command then runs as a task whose jobs this thread serves
    /// (`CallerThreadExecutor`), so a short command starts no thread pool. A run in process binds
    /// `Invocation.current` around it: its output, input and environment are the invocation's,
    /// and Ctrl+C stays the process's.
    package static func run(_ given: [String]) -> Int32 {
        // `--version` anywhere, as the parser treats it, with the commit the parser cannot know.
        let arguments = ParseWords.coordinatesAsWords(given)
        if ParseWords.asksForVersion(arguments) {
            Console.write(AlmanacCommand.version() + "\n", to: STDOUT_FILENO)
            return 0
        }
        // A glance that follows runs again and again; each run is an ordinary one.
        if arguments.contains("--follow"), ServedGlance.isGlance(arguments) {
            do { _ = try parse(arguments) } catch { return ending(error, arguments: arguments) }
            return GlanceFollower.run(arguments)
        }
        // A status-bar glance, when the resident server runs: its answer, before any parse.
        if let served = ServedGlance.answer(arguments) { return served }
        if let refusal = ParseWords.unknownHelpTopic(arguments) {
            Console.write("almanac: \(refusal)\n", to: STDERR_FILENO)
            return ExitStatus.usage
        }
        do {
            var command = try parse(arguments)
            if var asyncCommand = asynchronous(command) {
                let executor = CallerThreadExecutor()
                // A line command stops on Ctrl+C; the menu and the app read it themselves.
                let readsKeys = command is AlmanacCommand || command is MenuCommand || command is UICommand
                if !readsKeys, Invocation.current == nil { Interrupt.install { executor.cancel() } }
                try executor.run { try await asyncCommand.run() }
            } else {
                try command.run()
            }
            return 0
        } catch {
            return ending(error, arguments: arguments)
        }
    }

    /// The exit code of a run that threw `error`, after its one line (or the help it asked for).
    private static func ending(_ error: any Error, arguments: [String]) -> Int32 {
        // A command's own failure was told where it was worded (`CommandRunner`); this one is the parse's.
        if !(error is ExitCode) { Invocation.current?.failed(error) }
        let code = AlmanacCommand.exitCode(for: error)
        if code == .success {
            let help = AlmanacCommand.fullMessage(for: error)
            // The root's help (`almanac --help`, `almanac help`) ends with where the guides are.
            let root = arguments.filter { !$0.hasPrefix("-") && $0 != "help" }.isEmpty && !ParseWords.asksForVersion(arguments)
            Console.write(help + (root && help.hasPrefix("OVERVIEW: ") ? "\n\n" + AlmanacCommand.guides : "") + "\n", to: STDOUT_FILENO)
        } else if !(error is ExitCode) {
            let message = AlmanacCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "unknown error"
            let words = ParseWords.sentence(forRefused: arguments) { (try? parse($0)) != nil }
            Console.write("almanac: \(words ?? message)\n", to: STDERR_FILENO)
        }
        return code.rawValue
    }

    /// The command as an async one. The status-bar commands are cast to their own types first:
    /// asking for the protocol scans every conformance the binary holds (about 0.6 M
    /// instructions, docs/benchmarks.md, "One path"), a cost a bar would pay on each run.
    static func asynchronous(_ command: any ParsableCommand) -> (any AsyncParsableCommand)? {
        if let glance = command as? WeatherCommand.Current { return glance }
        if let line = command as? LineCommand { return line }
        return command as? AsyncParsableCommand
    }

    /// The command the arguments name, read by the one parser; when they do not parse, once more
    /// with negative numbers read as the arguments they are (`portfolio add ETH -1`), and the first
    /// error if that fails too.
    static func parse(_ arguments: [String]) throws -> ParsableCommand {
        do {
            return try AlmanacCommand.parseAsRoot(arguments)
        } catch {
            guard let again = ParseWords.negativesAsArguments(arguments), let command = try? AlmanacCommand.parseAsRoot(again) else { throw error }
            return command
        }
    }
}
