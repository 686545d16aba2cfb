import AlmanacCore

/// One `name=value` pair of a query string, kept in order.
public struct QueryItem: Sendable, Equatable, Hashable, Codable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
