import AlmanacCore
import AlmanacHTTP
import Foundation

/// Fruityvice shapes and endpoints. Values are per 100 g; `calories` is an integer.
public enum Fruityvice {
    public struct Nutritions: Decodable, Sendable, Equatable {
        public var calories: Double?
        public var fat: Double?
        public var sugar: Double?
        public var carbohydrates: Double?
        public var protein: Double?
    }

    public struct Fruit: Decodable, Sendable, Equatable {
        public var name: String
        public var id: Int
        public var family: String?
        public var order: String?
        public var genus: String?
        public var nutritions: Nutritions?
    }

    /// The catalogue changes rarely: fresh for 7 days.
    public static let ttl: TimeInterval = 7 * 86400

    /// `/api/fruit/all`: every fruit, unsorted, ids with gaps.
    public static func all() -> Endpoint<[Fruit]> {
        Endpoint(RequestDescriptor(provider: .fruityvice, name: "fruityvice.all", subject: "fruit catalogue", path: "/api/fruit/all", ttl: ttl))
    }

    /// `/api/fruit/{name}` with the name percent-encoded (`Horned%20Melon`).
    public static func fruit(_ name: String) -> Endpoint<Fruit> {
        Endpoint(
            RequestDescriptor(
                provider: .fruityvice, name: "fruityvice.fruit", subject: "fruit called \"\(name)\"",
                path: "/api/fruit/" + URLParts.encodeSegment(name.lowercased()), ttl: ttl))
    }

    /// `/api/fruit/{family|genus|order}/{name}`.
    public static func group(_ kind: FruitGrouping, _ name: String) -> Endpoint<[Fruit]> {
        Endpoint(
            RequestDescriptor(
                provider: .fruityvice, name: "fruityvice.\(kind.rawValue)", subject: "fruit in the \(kind.rawValue) \(name)",
                path: "/api/fruit/\(kind.rawValue)/" + URLParts.encodeSegment(name), ttl: ttl))
    }
}

/// The taxonomic ranks fruits can be grouped by.
public enum FruitGrouping: String, Sendable, CaseIterable, Codable {
    case family, genus, order
}
