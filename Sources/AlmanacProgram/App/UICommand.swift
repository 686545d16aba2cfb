import AlmanacHTTP
import ArgumentParser
import DealsFront
import Foundation
import FrontKit
import TerminalKit

struct UICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui", abstract: "The full-screen app: every front end as a tab (also `almanac` alone on a terminal).")
    @OptionGroup var session: SessionOptions
    @OptionGroup var wait: WaitOptions
    @OptionGroup var deals: DealOptions

    func run() async throws {
        try await Self.open(session.settings(wait), deals: deals)
    }

    /// Builds the app's context (notes go to the status line, not over the screen) and runs it.
    static func open(_ global: some RunOptions, deals: DealOptions) async throws {
        let log = AppLog(brands: Set(Provider.allCases.map(\.brand)))
        try await CommandRunner.run(global, console: log.console(verbose: global.settings.verbose)) { context in
            let app = try AppWiring.app(context: context, log: log) { deals.feed($0, defaultPace: 2000) }
            app.frames = FrameStats(file: context.configuration.environment["ALMANAC_FRAME_LOG"].map { URL(fileURLWithPath: $0) })
            try await app.run(term: context.configuration.environment["TERM"])
        }
    }
}
