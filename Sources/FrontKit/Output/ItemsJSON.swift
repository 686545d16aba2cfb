import Foundation
import TerminalKit

/// The `--json` shape of a plain list: `{"items": [...]}`, so every document is an object that
/// can grow fields without breaking readers.
package struct ItemsJSON<Item: Encodable>: Encodable {
    package var items: [Item]

    package init(items: [Item]) {
        self.items = items
    }
}
