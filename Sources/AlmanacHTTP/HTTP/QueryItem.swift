import AlmanacCore

/// One `name=value` pair of a query string, kept in order.
package struct QueryItem: Sendable, Equatable, Hashable, Codable {
    package var name, value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
