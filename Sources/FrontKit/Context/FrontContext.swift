import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import Foundation
import TerminalKit

/// A front end's context: the features' `AppContext` plus how results are shown — colour and
/// width (`style`), `--json`, and whether a person is at a terminal. The library never sees these.
@dynamicMemberLookup
package struct FrontContext: Sendable {
    package var app: AppContext
    package var style: Style
    package var json: Bool
    /// Whether stdin and stdout are a terminal (prompts, progress, animations).
    package var interactive: Bool

    package init(app: AppContext, style: Style, json: Bool, interactive: Bool) {
        (self.app, self.style, self.json, self.interactive) = (app, style, json, interactive)
    }

    /// The features' context, read through: `context.console`, `context.clock`, …
    package subscript<T>(dynamicMember keyPath: KeyPath<AppContext, T>) -> T { app[keyPath: keyPath] }

    package func today() throws -> LocalDate { try app.today() }

    /// Prints a JSON document to stdout.
    package func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder.almanac
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        app.console.printJSON(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// `Source: live` style footer for human output.
    package func sourceLine(_ provenance: Provenance) -> String {
        style.footer(["Source: \(provenance.label(now: app.clock.now()))"])
    }
}
