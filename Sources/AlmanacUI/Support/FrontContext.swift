import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

/// A front end's context: the features' `AppContext` plus how results are shown — colour and
/// width (`style`), `--json`, and whether a person is at a terminal. The library never sees these.
@dynamicMemberLookup
public struct FrontContext: Sendable {
    public var app: AppContext
    public var style: Style
    public var json: Bool
    /// Whether stdin and stdout are a terminal (prompts, progress, animations).
    public var interactive: Bool

    public init(app: AppContext, style: Style, json: Bool, interactive: Bool) {
        (self.app, self.style, self.json, self.interactive) = (app, style, json, interactive)
    }

    /// The features' context, read through: `context.console`, `context.clock`, …
    public subscript<T>(dynamicMember keyPath: KeyPath<AppContext, T>) -> T { app[keyPath: keyPath] }

    public func today() throws -> LocalDate { try app.today() }

    /// Prints a JSON document to stdout.
    public func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder.almanac
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        app.console.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// `Source: live` style footer for human output.
    public func sourceLine(_ provenance: Provenance) -> String {
        style.dim("Source: \(provenance.label(now: app.clock.now()))")
    }
}
