import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import AlmanacUI
import ArgumentParser
import Foundation

struct UICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui", abstract: "The full-screen app: every front end as a tab (also `almanac` alone on a terminal).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var deals: DealOptions

    func run() async throws {
        try await Self.open(global, deals: deals)
    }

    /// Builds the app's context (notes go to the status line, not over the screen) and runs it.
    static func open(_ global: GlobalOptions, deals: DealOptions) async throws {
        let log = AppLog()
        let context = CommandRunner.makeContext(global, console: log.console(verbose: global.verbose))
        do {
            let feed = DealFeed(source: deals.dealSource(defaultPace: 2000), column: deals.column, descending: !deals.asc)
            try await AppWiring.app(context: context, log: log, feed: feed).run(term: context.configuration.environment["TERM"])
        } catch {
            FileHandle.standardError.write(Data(("almanac: " + ErrorSentence.text(error, for: .commandLine) + "\n").utf8))
            throw ExitCode(ExitStatus.code(for: error))
        }
    }
}
