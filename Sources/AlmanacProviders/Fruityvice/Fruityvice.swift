import AlmanacCore
import AlmanacHTTP
import Foundation

/// Fruityvice shapes and endpoints. Values are per 100 g; `calories` is an integer.
package enum Fruityvice {
    package struct Nutritions: Decodable, Sendable, Equatable {
        package var calories, fat, sugar, carbohydrates, protein: Double?
    }

    package struct Fruit: Decodable, Sendable, Equatable {
        package var name: String
        package var id: Int
        package var family, order, genus: String?
        package var nutritions: Nutritions?
    }

    /// The catalogue changes rarely: fresh for 7 days.
    package static let ttl: TimeInterval = 7 * 86400

    /// `/api/fruit/all`: every fruit, unsorted, ids with gaps.
    package static func all() -> Endpoint<[Fruit]> {
        Endpoint(RequestDescriptor(provider: .fruityvice, name: "fruityvice.all", subject: "fruit catalogue", path: "/api/fruit/all", ttl: ttl))
    }

    /// `/api/fruit/{name}` with the name percent-encoded (`Horned%20Melon`).
    package static func fruit(_ name: String) -> Endpoint<Fruit> {
        Endpoint(
            RequestDescriptor(
                provider: .fruityvice, name: "fruityvice.fruit", subject: "fruit called \"\(name)\"",
                path: "/api/fruit/" + URLParts.encodeSegment(name.lowercased()), ttl: ttl))
    }

    /// `/api/fruit/{family|genus|order}/{name}`.
    package static func group(_ kind: FruitGrouping, _ name: String) -> Endpoint<[Fruit]> {
        Endpoint(
            RequestDescriptor(
                provider: .fruityvice, name: "fruityvice.\(kind.rawValue)", subject: "fruit in the \(kind.rawValue) \(name)",
                path: "/api/fruit/\(kind.rawValue)/" + URLParts.encodeSegment(name), ttl: ttl))
    }
}

/// The taxonomic ranks fruits can be grouped by.
package enum FruitGrouping: String, Sendable, CaseIterable, Codable {
    case family, genus, order
}
