import DealTable
import FrontKit

extension DealsCommand {
    package struct Group: AsyncParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            commandName: "group",
            abstract: "Receive the stream, then one row per instrument, side, or both: deals, bought, sold, net, share, average price.")
        @OptionGroup package var global: GlobalOptions
        @OptionGroup package var deals: DealOptions
        @OptionGroup(title: "Filters") package var filters: DealFilterOptions
        @Option(help: "instrument, side, or instrument,side.") package var by: String = "instrument"
        @Option(
            name: .customLong("order"),
            help: ArgumentHelp("The groups' order: name, deals, bought, sold, net, share, average, low, high, last or time.", valueName: "column"))
        package var order: String = "deals"

        package func validate() throws {
            guard DealGroups.Key(rawValue: by.lowercased()) != nil else {
                throw ValidationError("--by must be instrument, side or instrument,side, not \"\(by)\".")
            }
            guard DealSummaryView.GroupOrder(rawValue: order.lowercased()) != nil else {
                throw ValidationError("--order must be name, deals, bought, sold, net, share, average, low, high, last or time, not \"\(order)\".")
            }
        }

        package func run() async throws {
            try await CommandRunner.run(global) { context in
                let feed = try await deals.received(context, filter: try filters.filter(today: try context.app.days.today()))
                let groups = feed.store.snapshot().groups(by: DealGroups.Key(rawValue: by.lowercased())!, activity: true)
                let order = DealSummaryView.GroupOrder(rawValue: order.lowercased())!
                let received = feed.store.unfilteredCount
                try context.show(
                    json: DealGroupsJSON(groups, order: order, received: received),
                    text: DealSummaryView.groups(groups, order: order, received: received, style: context.style, width: context.style.columns))
            }
        }
    }

    package struct Stats: AsyncParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            commandName: "stats", abstract: "Receive the stream, then price and amount statistics and the instruments and sides seen.")
        @OptionGroup package var global: GlobalOptions
        @OptionGroup package var deals: DealOptions
        @OptionGroup(title: "Filters") package var filters: DealFilterOptions

        package func run() async throws {
            try await CommandRunner.run(global) { context in
                let feed = try await deals.received(context, filter: try filters.filter(today: try context.app.days.today()))
                let stats = feed.store.snapshot().statistics()
                let received = feed.store.unfilteredCount
                try context.show(
                    json: DealStatisticsJSON(stats, received: received),
                    text: DealSummaryView.statistics(stats, received: received, style: context.style, width: context.style.columns))
            }
        }
    }
}
