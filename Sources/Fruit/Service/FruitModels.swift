import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Nutrition per 100 g.
package struct Nutrition: Codable, Sendable, Equatable {
    /// Kilocalories.
    package var calories: Double
    /// Grams of fat.
    package var fat: Double
    /// Grams of sugar.
    package var sugar: Double
    /// Grams of carbohydrates.
    package var carbohydrates: Double
    /// Grams of protein.
    package var protein: Double

    /// Nothing: the start of a sum.
    package static let zero = Nutrition(calories: 0, fat: 0, sugar: 0, carbohydrates: 0, protein: 0)

    /// This nutrition for `grams` instead of 100 g.
    package func scaled(toGrams grams: Double) -> Nutrition {
        let factor = grams / 100
        return Nutrition(
            calories: calories * factor, fat: fat * factor, sugar: sugar * factor,
            carbohydrates: carbohydrates * factor, protein: protein * factor)
    }

    /// Each value added.
    package static func + (lhs: Nutrition, rhs: Nutrition) -> Nutrition {
        Nutrition(
            calories: lhs.calories + rhs.calories, fat: lhs.fat + rhs.fat, sugar: lhs.sugar + rhs.sugar,
            carbohydrates: lhs.carbohydrates + rhs.carbohydrates, protein: lhs.protein + rhs.protein)
    }
}

/// A fruit as shown: names as the provider spells them, taxonomy trimmed.
package struct Fruit: Codable, Sendable, Equatable {
    /// The provider's ID.
    package var id: Int
    /// The name as the provider spells it (`Banana`).
    package var name: String
    /// Botanical family.
    package var family: String
    /// Botanical genus.
    package var genus: String
    /// Botanical order.
    package var order: String
    /// Per 100 g.
    package var nutrition: Nutrition

    /// More than 10 g of sugar per 100 g.
    package var highSugar: Bool { nutrition.sugar > 10 }

    package init(_ dto: Fruityvice.Fruit) {
        id = dto.id
        name = dto.name.trimmingWhitespace()
        family = (dto.family ?? "").trimmingWhitespace()
        genus = (dto.genus ?? "").trimmingWhitespace()
        order = (dto.order ?? "").trimmingWhitespace()
        let n = dto.nutritions
        nutrition = Nutrition(
            calories: n?.calories ?? 0, fat: n?.fat ?? 0, sugar: n?.sugar ?? 0,
            carbohydrates: n?.carbohydrates ?? 0, protein: n?.protein ?? 0)
    }

    package func rank(_ grouping: FruitGrouping) -> String {
        switch grouping {
        case .family: family
        case .genus: genus
        case .order: order
        }
    }
}

/// One group of fruits under a heading.
package struct FruitGroup: Sendable, Equatable {
    /// The heading: a family, genus or order.
    package var name: String
    /// The fruits under it, by name.
    package var fruits: [Fruit]
}

/// One fruit eaten: what, when, how much, and its nutrition at the time (per 100 g).
package struct FruitLogEntry: Codable, Sendable, Equatable {
    /// The entry's number; never reused.
    package var id: Int
    /// The provider's ID of the fruit.
    package var fruitID: Int
    /// The fruit's name.
    package var name: String
    /// The day it was eaten.
    package var date: LocalDate
    /// Grams eaten, more than 0 and at most 5000.
    package var grams: Double
    /// Its nutrition per 100 g when it was logged.
    package var per100g: Nutrition

    /// The nutrition of the grams eaten.
    package var nutrition: Nutrition { per100g.scaled(toGrams: grams) }
}

/// Everything eaten (`fruit-log.json`); entries are never dropped by age.
package struct FruitLog: NumberedDocument, Equatable {
    package static let schemaVersion = 1
    package static let fileName = "fruit-log.json"
    package static func initial() -> FruitLog { FruitLog() }

    /// The number the next entry gets.
    package var nextID = 1
    /// Every entry, in logging order.
    package var entries: [FruitLogEntry] = []

    /// An empty log.
    package init() {}

    package var numbers: [Int] { entries.map(\.id) }
}

/// One day of the log with its totals.
package struct FruitDay: Sendable, Equatable {
    /// The day.
    package var date: LocalDate
    /// Its entries, by number.
    package var entries: [FruitLogEntry]
    /// The day's nutrition summed.
    package var total: Nutrition { entries.reduce(.zero) { $0 + $1.nutrition } }
}

/// A stable colour per family, derived from its name: no list to maintain.
package enum FamilyColour {
    /// An xterm-256 cube colour (16…231) picked by an FNV-1a hash, skipping the darkest shades.
    package static func index(for family: String) -> Int {
        let hash = FNV1a.hash(family.lowercased().utf8)
        let red = 1 + Int(hash % 5)
        let green = 1 + Int((hash / 5) % 5)
        let blue = 1 + Int((hash / 25) % 5)
        return 16 + 36 * red + 6 * green + blue
    }
}
