import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

/// `"source"`, `"fetchedAt"`, `"stale"` for `--json` documents.
public struct SourceFields: Encodable {
    public var source: String
    public var fetchedAt: Date
    public var stale: Bool

    public init(_ provenance: Provenance) {
        source = provenance.origin.rawValue
        fetchedAt = provenance.fetchedAt
        stale = provenance.stale
    }
}

/// Prints the stale result at once and the refreshed one only when it reads differently.
// @unchecked: called from the stale handler and the final print; `shown` is under `lock`.
public final class StaleFirstPrinter: @unchecked Sendable {
    private let lock = NSLock()
    private var shown: String?
    public let console: Console

    public init(console: Console) {
        self.console = console
    }

    /// Call from the stale handler.
    public func showStale(_ text: String) {
        lock.withLock { shown = text }
        console.print(text)
    }

    /// Call with the final result; prints it unless the same text was already shown.
    public func showFinal(_ text: String, body: (String) -> String = { $0 }) {
        let previous = lock.withLock { shown }
        guard let previous else { return console.print(text) }
        if body(previous) != body(text) { console.print("\nUpdated:\n" + text) }
    }
}
