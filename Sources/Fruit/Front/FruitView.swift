import AlmanacCore
import AlmanacProviders
import Foundation
import FrontKit
import Fruit
import TerminalKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fruit renderings: tables, grouped sections, detail, the daily log.
package enum FruitView {
    package static func family(_ fruit: Fruit, _ style: Style) -> String {
        style.color256(fruit.family, FamilyColour.index(for: fruit.family))
    }

    /// A whole number as it is, otherwise two decimals with a last zero dropped (`1.5`, `0.25`);
    /// thousands grouped (`5,000`), as every number a person reads (`NumberText`).
    package static func number(_ value: Double) -> String {
        if value == value.rounded() { return NumberText.decimal(value, places: 0) }
        var text = NumberText.decimal(value, places: 2)
        if text.hasSuffix("0") { text.removeLast() }
        return text
    }

    package static func table(_ fruits: [Fruit], style: Style) -> String {
        var table = Table([
            .init("ID", .right), .init("Name"), .init("Family"), .init("Genus"), .init("Order"), .init("kcal", .right), .init("Sugar g", .right),
        ])
        for fruit in fruits {
            table.add([
                String(fruit.id), fruit.name, family(fruit, style), fruit.genus, fruit.order, number(fruit.nutrition.calories),
                fruit.highSugar ? style.boldRed(number(fruit.nutrition.sugar)) : number(fruit.nutrition.sugar),
            ])
        }
        // Too wide: whole columns go, the least needed first (order, genus, family), before any
        // name is shortened; kcal and sugar stay.
        if let limit = style.columns, table.width > limit { table = table.leavingOut([4, 3, 2], toFit: limit) }
        return table.render(style: style)
    }

    /// The catalogue as `fruit list --sort` shows it: a table by id or name, or sections by a taxon.
    package static func catalogue(_ fruits: [Fruit], sort: FruitSort, style: Style) -> String {
        guard let grouping = FruitGrouping(rawValue: sort.rawValue) else {
            return table(FruitService.sorted(fruits, byName: sort == .name), style: style)
        }
        return groups(FruitService.grouped(fruits, by: grouping), grouping: grouping, style: style)
    }

    package static func groups(_ groups: [FruitGroup], grouping: FruitGrouping, style: Style) -> String {
        // One alignment for every group: names padded to the longest, IDs right-aligned.
        let all = groups.flatMap(\.fruits)
        let nameWidth = all.map { Style.width($0.name) }.max() ?? 0
        let idWidth = all.map { String($0.id).count + 1 }.max() ?? 0
        return groups.map { group in
            let heading = grouping == .family ? style.bold(style.color256(group.name, FamilyColour.index(for: group.name))) : style.bold(group.name)
            let names = group.fruits.map { fruit -> String in
                let name = fruit.name + String(repeating: " ", count: nameWidth - Style.width(fruit.name))
                let id = String(repeating: " ", count: idWidth - String(fruit.id).count - 1) + "#\(fruit.id)"
                let line = "  \(name)  " + style.dim(id) + (grouping == .family ? "" : "  " + family(fruit, style))
                return grouping == .family ? String(line.reversed().drop { $0 == " " }.reversed()) : line
            }
            return "\(heading) (\(group.fruits.count))\n" + names.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    package static func detail(_ fruit: Fruit, lastEaten: LocalDate?, today: LocalDate, style: Style) -> String {
        let n = fruit.nutrition
        var sugar = "\(number(n.sugar)) g"
        if fruit.highSugar { sugar += "  " + sugarWarning(style) }
        let rows: [(String, String)] = [
            ("ID", String(fruit.id)), ("Family", family(fruit, style)), ("Genus", fruit.genus), ("Order", fruit.order),
            ("Calories", "\(number(n.calories)) kcal"), ("Fat", "\(number(n.fat)) g"), ("Sugar", sugar),
            ("Carbohydrates", "\(number(n.carbohydrates)) g"), ("Protein", "\(number(n.protein)) g"),
        ]
        var text = style.bold(fruit.name) + style.dim("  per 100 g") + "\n\n"
        text += style.labelled(rows)
        if let lastEaten {
            let days = lastEaten.days(until: today)
            let when = days == 0 ? "today" : days == 1 ? "yesterday" : "\(days) days ago"
            text += "\n\n" + style.sentence("You ate \(fruit.name) \(when) (\(lastEaten.longText)).")
        }
        return text
    }

    package static func log(_ days: [FruitDay], style: Style) -> String {
        if days.isEmpty { return style.sentence("Nothing logged in this range. Log a fruit with: almanac fruit eat NAME") }
        return days.map { day in
            var table = Table([
                .init("#", .right), .init("Fruit"), .init("Grams", .right), .init("kcal", .right), .init("Fat", .right),
                .init("Sugar", .right), .init("Carbs", .right), .init("Protein", .right),
            ])
            for entry in day.entries {
                let n = entry.nutrition
                table.add([String(entry.id), entry.name, number(entry.grams), NumberText.decimal(n.calories, places: 0)] + grams(n))
            }
            let total = day.total
            let eaten = number(day.entries.reduce(0) { $0 + $1.grams })
            table.add([style.bold(""), style.bold("Total"), eaten, style.bold(NumberText.decimal(total.calories, places: 0))] + grams(total))
            return style.bold(day.date.longText) + "\n" + table.render(style: style)
        }.joined(separator: "\n\n")
    }

    /// Fat, sugar, carbohydrates and protein, to a tenth of a gram (the log's columns after kcal).
    private static func grams(_ n: Nutrition) -> [String] {
        [n.fat, n.sugar, n.carbohydrates, n.protein].map { NumberText.decimal($0, places: 1) }
    }

    /// The confetti for a fruit eaten lately: eight pieces, the order set by the fruit's id.
    package static func confetti(_ fruit: Fruit) -> [String] {
        let pieces = ["🎉", "✨", "🎊", "🍓", "🍌", "🍇", "🍊", "🍒"]
        return (0..<8).map { pieces[(fruit.id + $0) % pieces.count] }
    }

    /// The high-sugar warning in a fruit's detail.
    package static func sugarWarning(_ style: Style) -> String { style.boldRed("⚠ high sugar (over 10 g)") }

    /// A short confetti line for a terminal (under a second, skipped when not a terminal).
    package static func celebrate(_ fruit: Fruit, console: Console) async {
        var line = ""
        for piece in confetti(fruit) {
            line += piece + " "
            Console.writeRaw("\r" + TerminalText.neutralise(line), to: STDERR_FILENO)
            try? await Task.sleep(nanoseconds: 80_000_000)
        }
        Console.writeRaw("\n", to: STDERR_FILENO)
    }
}

/// `--json` shapes for fruit.
package enum FruitJSON {
    package struct Item: Encodable {
        var id: Int
        var name, family, genus, order: String
        var nutrition: Nutrition
        var highSugar: Bool
        var lastEaten: LocalDate?
        package init(_ fruit: Fruit, lastEaten: LocalDate? = nil) {
            (id, name, family, genus, order, nutrition, highSugar) = (
                fruit.id, fruit.name, fruit.family, fruit.genus, fruit.order, fruit.nutrition, fruit.highSugar
            )
            self.lastEaten = lastEaten
        }
    }

    /// The catalogue; printed as `Sourced`, the source fields at the top.
    package struct List: Encodable {
        var fruits: [Item]
    }

    /// The catalogue by family, genus or order; printed as `Sourced`.
    package struct Grouped: Encodable {
        package struct Group: Encodable {
            var name: String
            var fruits: [Item]
        }
        var groupedBy: String
        var groups: [Group]
    }

    package struct Day: Encodable {
        var date: LocalDate
        var entries: [FruitLogEntry]
        var total: Nutrition
    }
}
