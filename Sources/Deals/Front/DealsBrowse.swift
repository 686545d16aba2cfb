import ArgumentParser
import FrontKit

extension DealsCommand {
    struct Browse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "browse", abstract: "A full-screen live table: scroll, sort, flip, follow or pause.")
        @OptionGroup var global: SessionOptions
        @OptionGroup var deals: DealOptions
        @OptionGroup(title: "Filters") var filters: DealFilterOptions

        func run() async throws {
            try await CommandRunner.run(global, bounded: false) { context in
                let today = try context.app.days.today()
                let filter = try filters.filter(today: today)
                let feed = deals.feed(context, defaultPace: 2000)
                let browser = DealBrowser(feed: feed, style: context.style, today: today)
                if !filter.isEmpty { browser.startFiltering(filter, text: filters.line) }
                try await browser.run(
                    options: context.configuration.transport, term: context.configuration.environment["TERM"])
                if let words = browser.lastWords { context.console.note(words) }
            }
        }
    }
}
