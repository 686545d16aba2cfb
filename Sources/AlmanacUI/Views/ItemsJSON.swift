import Foundation

/// The `--json` shape of a plain list: `{"items": [...]}`, so every document is an object that
/// can grow fields without breaking readers.
public struct ItemsJSON<Item: Encodable>: Encodable {
    public var items: [Item]

    public init(items: [Item]) {
        self.items = items
    }
}
