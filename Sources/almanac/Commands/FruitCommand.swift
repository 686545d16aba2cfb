import AlmanacKit
import ArgumentParser
import Foundation

struct FruitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fruit", abstract: "The Fruityvice catalogue, nutrition per 100 g, and a log of fruit eaten.",
        subcommands: [List.self, Show.self, Family.self, Genus.self, Order.self, Eat.self, Log.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The catalogue sorted by id or name, or grouped by family, genus or order.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "id, name, family, genus or order") var sort: String = "id"

        func validate() throws {
            guard ["id", "name"].contains(sort) || FruitGrouping(rawValue: sort) != nil else {
                throw ValidationError("--sort must be id, name, family, genus or order, not \"\(sort)\".")
            }
        }

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let (fruits, provenance) = try await FruitService(context: context).catalogue()
                let footer = "\n\n" + context.sourceLine(provenance) + " · \(fruits.count) fruits"
                if let grouping = FruitGrouping(rawValue: sort) {
                    let groups = FruitService.grouped(fruits, by: grouping)
                    if context.json {
                        return try context.printJSON(FruitJSON.Grouped(groupedBy: sort, groups: groups.map { .init(name: $0.name, fruits: $0.fruits.map { FruitJSON.Item($0) }) },
                                                                       source: SourceFields(provenance)))
                    }
                    return context.console.print(FruitView.groups(groups, grouping: grouping, style: context.style) + footer)
                }
                let sorted = FruitService.sorted(fruits, byName: sort == "name")
                if context.json { return try context.printJSON(FruitJSON.List(fruits: sorted.map { FruitJSON.Item($0) }, source: SourceFields(provenance))) }
                context.console.print(FruitView.table(sorted, style: context.style) + footer)
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Everything about one fruit, by name or id.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A fruit's name (any case) or id.") var fruit: String

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let service = FruitService(context: context)
                let (found, provenance) = try await service.fruit(fruit)
                let last = try service.lastEaten(found)
                if context.json { return try context.printJSON(FruitJSON.Item(found, lastEaten: last)) }
                context.console.print(FruitView.detail(found, lastEaten: last, today: try context.today(), style: context.style) + "\n\n" + context.sourceLine(provenance))
                if last != nil, context.interactive, context.style.enabled { FruitView.celebrate(found, console: context.console) }
            }
        }
    }

    struct GroupOptions: ParsableArguments {
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The group's name (any case).") var name: String
    }

    static func showGroup(_ grouping: FruitGrouping, _ options: GroupOptions) async throws {
        try await CommandRunner.run(options.global) { context in
            let (group, provenance) = try await FruitService(context: context).group(grouping, options.name)
            if context.json {
                return try context.printJSON(FruitJSON.Grouped(groupedBy: grouping.rawValue, groups: [.init(name: group.name, fruits: group.fruits.map { FruitJSON.Item($0) })],
                                                               source: SourceFields(provenance)))
            }
            context.console.print(FruitView.groups([group], grouping: grouping, style: context.style) + "\n\n" + context.sourceLine(provenance))
        }
    }

    struct Family: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The fruits of one family.")
        @OptionGroup var options: GroupOptions
        func run() async throws { try await FruitCommand.showGroup(.family, options) }
    }

    struct Genus: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The fruits of one genus.")
        @OptionGroup var options: GroupOptions
        func run() async throws { try await FruitCommand.showGroup(.genus, options) }
    }

    struct Order: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The fruits of one order.")
        @OptionGroup var options: GroupOptions
        func run() async throws { try await FruitCommand.showGroup(.order, options) }
    }

    struct Eat: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Log a fruit eaten (default: today, 100 g).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A fruit's name or id.") var fruit: String
        @Option(help: "YYYY-MM-DD, today or yesterday; not in the future.") var date: String?
        @Option(help: "Grams eaten.") var amount: Double = 100

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let entry = try await FruitService(context: context).eat(fruit, date: date, grams: amount)
                if context.json { return try context.printJSON(entry) }
                context.console.print("Logged #\(entry.id): \(FruitView.number(entry.grams)) g of \(entry.name) on \(entry.date.longText) (\(String(format: "%.0f", entry.nutrition.calories)) kcal).")
            }
        }
    }

    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fruit eaten per day with daily totals (default: the last 30 days).", subcommands: [Remove.self])
        @OptionGroup var global: GlobalOptions
        @Option(help: "First day (default: 29 days before --to).") var from: String?
        @Option(help: "Last day (default: today).") var to: String?

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let days = try FruitService(context: context).days(from: from, to: to)
                if context.json { return try context.printJSON(days.map { FruitJSON.Day(date: $0.date, entries: $0.entries, total: $0.total) }) }
                context.console.print(FruitView.log(days, style: context.style))
            }
        }

        struct Remove: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Delete one log entry by its number.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The entry's number (#) in the log.") var number: Int

            func run() async throws {
                try await CommandRunner.run(global) { context in
                    let entry = try FruitService(context: context).removeEntry(number)
                    if context.json { return try context.printJSON(["removed": entry.id]) }
                    context.console.print("Removed #\(entry.id): \(entry.name) on \(entry.date).")
                }
            }
        }
    }
}
