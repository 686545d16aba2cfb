import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import AlmanacUI
import ArgumentParser

extension DealsCommand {
    struct Browse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "browse", abstract: "A full-screen live table: scroll, sort, flip, follow or pause.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var deals: DealOptions

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let feed = deals.feed(defaultPace: 2000)
                try await DealBrowser(feed: feed, style: context.style).run(
                    options: context.configuration.transport, term: context.configuration.environment["TERM"])
            }
        }
    }
}
