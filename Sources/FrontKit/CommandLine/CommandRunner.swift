import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import ArgumentParser
import Foundation
import TerminalKit

#if canImport(Glibc)
    import Glibc
#endif

/// Builds the context for a run and turns errors into one stderr line and an exit code.
package enum CommandRunner {
    /// - Parameter console: where notes go; nil: stdout and stderr (the full-screen app passes its log's).
    /// - Parameter glance: a status-bar line: stale answers print at once, refreshed behind (`Configuration.glance`).
    /// - Parameter bounded: a one-shot command: `--timeout` bounds all of its network waits
    ///   (`Configuration.deadline`); false for the front ends that stay.
    package static func makeContext(
        _ options: some RunOptions, quietNotes: Bool = false, glance: Bool = false, console override: Console? = nil, bounded: Bool = true
    ) -> FrontContext {
        makeContext(options.settings, quietNotes: quietNotes, glance: glance, console: override, bounded: bounded)
    }

    /// The context from the settings the options read.
    package static func makeContext(
        _ global: RunSettings, quietNotes: Bool = false, glance: Bool = false, console override: Console? = nil, bounded: Bool = true
    ) -> FrontContext {
        let environment = Environment.load()
        var configuration = Configuration(
            environment: environment, offline: global.offline, refresh: global.refresh, maxAge: global.maxAge,
            verbose: global.verbose, timeout: global.timeout, executablePath: Invocation.executablePath,
            noWait: global.noWait)
        configuration.quietNotes = quietNotes
        configuration.glance = glance
        if bounded { configuration.bound() }
        let console = override ?? Console.holdingNotes(verbose: configuration.verbose, errIsTerminal: Invocation.isTerminal(STDERR_FILENO))
        if let warning = environment.dotEnvWarning { console.warn(warning) }
        let stdoutIsTerminal = Invocation.isTerminal(STDOUT_FILENO)
        var style = Style.detect(
            term: environment["TERM"], noColorVariable: environment["NO_COLOR"] != nil, noColorFlag: global.noColor, isTerminal: stdoutIsTerminal)
        // Tables fit the terminal; piped output keeps whole cells unless COLUMNS asks otherwise.
        style.columns = environment["COLUMNS"].flatMap(Int.init) ?? (stdoutIsTerminal ? RawTerminal.size().columns : nil)
        let client = DataClient.standard(configuration, console: console)
        let waits = PolicyWaits(onWait: WaitCountdown.reporter(console: console))
        return FrontContext(
            app: AppContext(configuration: configuration, console: console, client: client, waits: waits), style: style, json: global.json,
            interactive: stdoutIsTerminal && Invocation.isTerminal(STDIN_FILENO))
    }

    /// Runs a command body; any error becomes `almanac: <sentence>` on stderr (whichever console
    /// the notes went to) and its exit code.
    package static func run(
        _ options: some RunOptions, quietNotes: Bool = false, glance: Bool = false, console: Console? = nil, bounded: Bool? = nil,
        _ body: (FrontContext) async throws -> Void
    ) async throws {
        try await run(options.settings, quietNotes: quietNotes, glance: glance, console: console, bounded: bounded, body)
    }

    /// The same from settings already read.
    package static func run(
        _ settings: RunSettings, quietNotes: Bool = false, glance: Bool = false, console: Console? = nil, bounded: Bool? = nil,
        _ body: (FrontContext) async throws -> Void
    ) async throws {
        // The app and a watch bring their own console; they stay, so no deadline.
        let context = makeContext(settings, quietNotes: quietNotes, glance: glance, console: console, bounded: bounded ?? (console == nil))
        do {
            // `--json` carries outside text exactly as sent; every other view makes it inert.
            try await TerminalText.$keepsOutsideText.withValue(settings.json) { try await body(context) }
            context.app.console.releaseHeld()  // the run used its answers, printed or not
            await context.app.client.finishRefreshesBehind()  // what was shown stale, refreshed behind it
        } catch let error as ExitCode {
            context.app.console.releaseHeld()
            throw error
        } catch {
            Invocation.current?.failed(error)
            Console.write("almanac: " + ErrorSentence.text(error, for: .commandLine) + "\n", to: STDERR_FILENO)
            throw ExitCode(ExitStatus.code(for: error))
        }
    }

}
