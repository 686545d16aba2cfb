import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import Foundation
import Synchronization
import TerminalKit

/// Where a document's data came from: the same fields in every `--json` document built from
/// provider data (docs/json.md). `source` is `live`, `cache` or `sample`; `stale` says it was
/// served past its freshness; `fetchedAt` is when it was fetched, or for sample data
/// `recordedOn`, the day it was recorded.
package struct SourceFields: Encodable, Sendable {
    package var source: String
    package var stale: Bool
    package var fetchedAt: Date?
    package var recordedOn: LocalDate?

    package init(_ provenance: Provenance) {
        stale = provenance.stale
        switch provenance.origin {
        case .fixture: (source, recordedOn) = ("sample", LocalDate.utc(provenance.fetchedAt))
        case .live, .cache: (source, fetchedAt) = (provenance.origin.rawValue, provenance.fetchedAt)
        }
    }
}

/// A `--json` document with its `SourceFields` beside its own keys, so the fields are written
/// in one place for every command.
package struct Sourced<Body: Encodable>: Encodable {
    package var body: Body
    package var fields: SourceFields?

    /// `body` with the fields of `provenance` (none when nil: no answer came).
    package init(_ body: Body, _ provenance: Provenance?) {
        self.body = body
        fields = provenance.map(SourceFields.init)
    }

    package func encode(to encoder: any Encoder) throws {
        try body.encode(to: encoder)
        try fields?.encode(to: encoder)
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

extension FrontContext {
    /// Human output, stale first (docs/architecture.md §4): `fetch` is handed a handler that
    /// prints a stale answer at once (with `staleFirst`), and the final answer is printed unless
    /// it says what was shown already (its last line, the source, aside). The final answer.
    package func printStaleFirst<Answer: Sendable>(
        staleFirst: Bool, render: @escaping @Sendable (Answer) -> String,
        _ fetch: (_ onStale: (@Sendable (Answer) async -> Void)?) async throws -> Answer
    ) async throws -> Answer {
        let printer = StaleFirstPrinter(console: app.console)
        let onStale: (@Sendable (Answer) async -> Void)? = staleFirst ? { @Sendable stale in printer.showStale(render(stale)) } : nil
        let answer = try await fetch(onStale)
        printer.showFinal(render(answer)) { $0.split(separator: "\n").dropLast().joined(separator: "\n") }
        return answer
    }
}

/// One place of a several-place `--json` document (docs/json.md, `places`): its answer
/// with its source fields, or the place as it was asked and the one sentence saying why it has
/// none, `{"query": "Atlantis", "error": "No place called …"}`.
package enum PlaceOutcome<Body: Encodable>: Encodable {
    case answered(Sourced<Body>)
    case failed(query: String, error: String)

    private enum Keys: String, CodingKey { case query, error }

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .answered(let answer): try answer.encode(to: encoder)
        case .failed(let query, let error):
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(query, forKey: .query)
            try container.encode(error, forKey: .error)
        }
    }
}
