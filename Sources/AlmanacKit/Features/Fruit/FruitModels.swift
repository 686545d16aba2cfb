import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Nutrition per 100 g.
public struct Nutrition: Codable, Sendable, Equatable {
    public var calories: Double
    public var fat: Double
    public var sugar: Double
    public var carbohydrates: Double
    public var protein: Double

    public static let zero = Nutrition(calories: 0, fat: 0, sugar: 0, carbohydrates: 0, protein: 0)

    /// This nutrition for `grams` instead of 100 g.
    public func scaled(toGrams grams: Double) -> Nutrition {
        let factor = grams / 100
        return Nutrition(
            calories: calories * factor, fat: fat * factor, sugar: sugar * factor,
            carbohydrates: carbohydrates * factor, protein: protein * factor)
    }

    public static func + (lhs: Nutrition, rhs: Nutrition) -> Nutrition {
        Nutrition(
            calories: lhs.calories + rhs.calories, fat: lhs.fat + rhs.fat, sugar: lhs.sugar + rhs.sugar,
            carbohydrates: lhs.carbohydrates + rhs.carbohydrates, protein: lhs.protein + rhs.protein)
    }
}

/// A fruit as shown: names as the provider spells them, taxonomy trimmed.
public struct Fruit: Codable, Sendable, Equatable {
    public var id: Int
    public var name: String
    public var family: String
    public var genus: String
    public var order: String
    public var nutrition: Nutrition

    /// More than 10 g of sugar per 100 g.
    public var highSugar: Bool { nutrition.sugar > 10 }

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
public struct FruitGroup: Sendable, Equatable {
    public var name: String
    public var fruits: [Fruit]
}

/// One fruit eaten: what, when, how much, and its nutrition at the time (per 100 g).
public struct FruitLogEntry: Codable, Sendable, Equatable {
    public var id: Int
    public var fruitID: Int
    public var name: String
    public var date: LocalDate
    public var grams: Double
    public var per100g: Nutrition

    public var nutrition: Nutrition { per100g.scaled(toGrams: grams) }
}

/// Everything eaten (`fruit-log.json`); entries are never dropped by age.
public struct FruitLog: StoredDocument, Equatable {
    public static let schemaVersion = 1
    public static let fileName = "fruit-log.json"
    public static func initial() -> FruitLog { FruitLog() }

    public var nextID = 1
    public var entries: [FruitLogEntry] = []

    public init() {}

    /// Entry numbers are never reused: the next one follows the highest recovered.
    public mutating func afterRecovery() {
        nextID = max(nextID, (entries.map(\.id).max() ?? 0) + 1)
    }
}

/// One day of the log with its totals.
public struct FruitDay: Sendable, Equatable {
    public var date: LocalDate
    public var entries: [FruitLogEntry]
    public var total: Nutrition { entries.reduce(.zero) { $0 + $1.nutrition } }
}

/// A stable colour per family, derived from its name: no list to maintain.
public enum FamilyColour {
    /// An xterm-256 cube colour (16…231) picked by an FNV-1a hash, skipping the darkest shades.
    public static func index(for family: String) -> Int {
        let hash = FNV1a.hash(family.lowercased().utf8)
        let red = 1 + Int(hash % 5)
        let green = 1 + Int((hash / 5) % 5)
        let blue = 1 + Int((hash / 25) % 5)
        return 16 + 36 * red + 6 * green + blue
    }
}
