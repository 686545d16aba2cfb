import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation
import Synchronization

/// `"source"`, `"fetchedAt"`, `"stale"` for `--json` documents.
package struct SourceFields: Encodable {
    package var source: String
    package var fetchedAt: Date
    package var stale: Bool

    package init(_ provenance: Provenance) {
        source = provenance.origin.rawValue
        fetchedAt = provenance.fetchedAt
        stale = provenance.stale
    }
}

/// Prints the stale result at once and the refreshed one only when it reads differently.
/// Called from the stale handler and the final print.
package final class StaleFirstPrinter: Sendable {
    private let shown = Mutex<String?>(nil)
    package let console: Console

    package init(console: Console) {
        self.console = console
    }

    /// Call from the stale handler.
    package func showStale(_ text: String) {
        shown.withLock { $0 = text }
        console.print(text)
    }

    /// Call with the final result; prints it unless the same text was already shown.
    package func showFinal(_ text: String, body: (String) -> String = { $0 }) {
        let previous = shown.withLock { $0 }
        guard let previous else { return console.print(text) }
        if body(previous) != body(text) { console.print("\nUpdated:\n" + text) }
    }
}
