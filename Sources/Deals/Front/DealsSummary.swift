import AlmanacProviders
import ArgumentParser
import DealTable
import Foundation
import FrontKit
import TerminalKit

extension DealsCommand {
    struct Group: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "group",
            abstract: "Receive the stream, then one row per instrument, side, or both: deals, bought, sold, net, share, average price.")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var deals: DealOptions
        @OptionGroup(title: "Filters") var filters: DealFilterOptions
        @Option(help: "instrument, side, or instrument,side.") var by = Picked<DealGroups.Key>(.instrument)
        @Option(
            name: .customLong("order"),
            help: ArgumentHelp("The groups' order: name, deals, bought, sold, net, share, average, low, high, last or time.", valueName: "column"))
        var order = Picked<DealSummaryView.GroupOrder>(.deals)

        func validate() throws {
            try validating { _ = try (by.value(), order.value()) }
        }

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let feed = try await deals.received(context, filter: try filters.filter(today: try context.app.days.today()))
                let groups = feed.store.snapshot().groups(by: try by.value(), activity: true)
                let order = try order.value()
                let received = feed.store.unfilteredCount
                try context.show(
                    json: DealGroupsJSON(groups, order: order, received: received),
                    text: DealSummaryView.groups(groups, order: order, received: received, style: context.style, width: context.style.columns))
            }
        }
    }

    struct Stats: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "stats", abstract: "Receive the stream, then price and amount statistics and the instruments and sides seen.")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @OptionGroup var deals: DealOptions
        @OptionGroup(title: "Filters") var filters: DealFilterOptions

        func run() async throws {
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
