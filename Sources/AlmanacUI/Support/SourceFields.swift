import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

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
// @unchecked: called from the stale handler and the final print; `shown` is under `lock`.
package final class StaleFirstPrinter: @unchecked Sendable {
    private let lock = NSLock()
    private var shown: String?
    package let console: Console

    package init(console: Console) {
        self.console = console
    }

    /// Call from the stale handler.
    package func showStale(_ text: String) {
        lock.withLock { shown = text }
        console.print(text)
    }

    /// Call with the final result; prints it unless the same text was already shown.
    package func showFinal(_ text: String, body: (String) -> String = { $0 }) {
        let previous = lock.withLock { shown }
        guard let previous else { return console.print(text) }
        if body(previous) != body(text) { console.print("\nUpdated:\n" + text) }
    }
}
