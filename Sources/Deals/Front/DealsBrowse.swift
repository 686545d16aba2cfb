import FrontKit

extension DealsCommand {
    package struct Browse: AsyncParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            commandName: "browse", abstract: "A full-screen live table: scroll, sort, flip, follow or pause.")
        @OptionGroup package var global: GlobalOptions
        @OptionGroup package var deals: DealOptions
        @OptionGroup(title: "Filters") package var filters: DealFilterOptions

        package func run() async throws {
            try await CommandRunner.run(global, bounded: false) { context in
                let today = try context.app.days.today()
                let filter = try filters.filter(today: today)
                let feed = deals.feed(context, defaultPace: 2000)
                let browser = DealBrowser(feed: feed, style: context.style, today: today)
                if !filter.isEmpty { browser.startFiltering(filter, text: filters.line) }
                try await browser.run(
                    options: context.configuration.transport, term: context.configuration.environment["TERM"])
            }
        }
    }
}
