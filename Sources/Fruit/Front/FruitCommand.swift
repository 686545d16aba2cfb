import AlmanacClient
import AlmanacCore
import AlmanacProviders
import ArgumentParser
import Foundation
import FrontKit
import Fruit

package struct FruitCommand: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "fruit", abstract: "The Fruityvice catalogue, nutrition per 100 g, and a log of fruit eaten.",
        subcommands: [List.self, Show.self, Family.self, Genus.self, Order.self, Eat.self, Log.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "The catalogue sorted by id or name, or grouped by family, genus or order.", aliases: ["ls"])
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @Option(help: "id, name, family, genus or order") var sort = Picked<FruitSort>(.id)

        func validate() throws {
            try validating { _ = try sort.value() }
        }

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let sort = try self.sort.value()
                let service = FruitService(context: context.app)
                if context.json {
                    let (fruits, provenance) = try await service.catalogue()
                    if let grouping = FruitGrouping(rawValue: sort.rawValue) {
                        let groups = FruitService.grouped(fruits, by: grouping).map {
                            FruitJSON.Grouped.Group(name: $0.name, fruits: $0.fruits.map { FruitJSON.Item($0) })
                        }
                        return try context.printJSON(Sourced(FruitJSON.Grouped(groupedBy: sort.rawValue, groups: groups), provenance))
                    }
                    let sorted = FruitService.sorted(fruits, byName: sort == .name)
                    return try context.printJSON(Sourced(FruitJSON.List(fruits: sorted.map { FruitJSON.Item($0) }), provenance))
                }
                let style = context.style
                let render: @Sendable (FruitService.Catalogue) -> String = { catalogue in
                    FruitView.catalogue(catalogue.fruits, sort: sort, style: style) + "\n\n"
                        + style.footer(["Source: \(catalogue.provenance.label())", "\(catalogue.fruits.count) fruits"])
                }
                _ = try await context.printStaleFirst(staleFirst: context.interactive, render: render) { try await service.catalogue(onStale: $0) }
            }
        }
    }

    struct Show: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Everything about one fruit, by name or id.")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @Argument(help: "A fruit's name (any case) or id.") var fruit: String

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let service = FruitService(context: context.app)
                if context.json {
                    let (found, provenance) = try await service.fruit(fruit)
                    return try context.printJSON(Sourced(FruitJSON.Item(found, lastEaten: try service.lastEaten(found)), provenance))
                }
                let today = try context.today()
                let style = context.style
                let render: @Sendable ((Fruit, Provenance)) -> String = { answer in
                    let last = try? service.lastEaten(answer.0)
                    return FruitView.detail(answer.0, lastEaten: last ?? nil, today: today, style: style) + "\n\n"
                        + style.dim("Source: \(answer.1.label())")
                }
                let answer = try await context.printStaleFirst(staleFirst: context.interactive, render: render) {
                    try await service.fruit(fruit, onStale: $0)
                }
                let (found, last) = (answer.0, try service.lastEaten(answer.0))
                if last != nil, context.interactive, context.style.enabled { await FruitView.celebrate(found, console: context.console) }
            }
        }
    }

    struct GroupOptions: ParsableArguments, ReadsProviders {
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @Argument(help: "The group's name (any case).") var name: String
    }

    static func showGroup(_ grouping: FruitGrouping, _ options: GroupOptions) async throws {
        try await CommandRunner.run(options.global) { context in
            let (group, provenance) = try await FruitService(context: context.app).group(grouping, options.name)
            if context.json {
                let groups = [FruitJSON.Grouped.Group(name: group.name, fruits: group.fruits.map { FruitJSON.Item($0) })]
                return try context.printJSON(Sourced(FruitJSON.Grouped(groupedBy: grouping.rawValue, groups: groups), provenance))
            }
            context.console.print(FruitView.groups([group], grouping: grouping, style: context.style) + "\n\n" + context.sourceLine(provenance))
        }
    }

    struct Family: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "family", abstract: "The fruits of one family.")
        @OptionGroup var options: GroupOptions
        func run() async throws { try await FruitCommand.showGroup(.family, options) }
    }

    struct Genus: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "genus", abstract: "The fruits of one genus.")
        @OptionGroup var options: GroupOptions
        func run() async throws { try await FruitCommand.showGroup(.genus, options) }
    }

    struct Order: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "order", abstract: "The fruits of one order.")
        @OptionGroup var options: GroupOptions
        func run() async throws { try await FruitCommand.showGroup(.order, options) }
    }

    struct Eat: AsyncParsableCommand, ReadsProviders {
        static let configuration = CommandConfiguration(commandName: "eat", abstract: "Log a fruit eaten (default: today, 100 g).")
        @OptionGroup var output: LocalOptions
        @OptionGroup var cache: CacheOptions
        @OptionGroup var deadline: TimeoutOptions
        @Argument(help: "A fruit's name or id.") var fruit: String
        @Option(help: "YYYY-MM-DD, today or yesterday; not in the future.") var date: String?
        @Option(parsing: .unconditional, help: "Grams eaten, \(NumberRule.grams.range).") var amount = TypedNumber<GramsNumber>(100)

        func validate() throws {
            try validating { _ = try amount.value() }
        }

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let entry = try await FruitService(context: context.app).eat(fruit, date: date, grams: try amount.value())
                try context.show(
                    json: entry,
                    text:
                        "Logged #\(entry.id): \(FruitView.number(entry.grams)) g of \(entry.name) on \(entry.date.longText) (\(DecimalText.fixed(entry.nutrition.calories, 0)) kcal)."
                )
            }
        }
    }

    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: "Fruit eaten per day with daily totals (default: the last 30 days).", subcommands: [List.self, Remove.self],
            defaultSubcommand: List.self)

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "The log by day with daily totals (the default; also: ls).", aliases: ["ls"])
            @OptionGroup var global: LocalOptions
            @Option(help: "First day (default: 29 days before --to).") var from: String?
            @Option(help: "Last day (default: today).") var to: String?

            func run() async throws {
                try await CommandRunner.run(global) { context in
                    let days = try FruitService(context: context.app).days(from: from, to: to)
                    try context.show(
                        json: ItemsJSON(items: days.map { FruitJSON.Day(date: $0.date, entries: $0.entries, total: $0.total) }),
                        text: FruitView.log(days, style: context.style))
                }
            }
        }

        struct Remove: NamedCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Delete one log entry by its number.")
            @OptionGroup var global: LocalOptions
            @Argument(help: "The entry's number (#) in the log.") var number: Int

            func change(_ context: FrontContext) throws -> Shown {
                let entry = try FruitService(context: context.app).removeEntry(number)
                return Shown(json: ["removed": entry.id], text: "Removed #\(entry.id): \(entry.name) on \(entry.date).")
            }
        }
    }
}
