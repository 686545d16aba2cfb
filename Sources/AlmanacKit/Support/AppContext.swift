import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Everything a command needs, built once per run by the executable (or a test).
public struct AppContext: Sendable {
    public var configuration: Configuration
    public var console: Console
    public var client: DataClient
    public var style: Style
    public var json: Bool
    /// Whether stdin and stdout are a terminal (prompts, progress, animations).
    public var interactive: Bool
    public var clock: any Clock

    public init(
        configuration: Configuration, console: Console, client: DataClient, style: Style,
        json: Bool, interactive: Bool, clock: any Clock = SystemClock()
    ) {
        self.configuration = configuration
        self.console = console
        self.client = client
        self.style = style
        self.json = json
        self.interactive = interactive
        self.clock = clock
    }

    /// "Today" as a calendar date: `ALMANAC_TODAY` when set, else the clock's date in the local zone.
    public func today() throws -> LocalDate {
        if let pinned = configuration.environment["ALMANAC_TODAY"] {
            guard let date = LocalDate(pinned) else {
                throw UsageError("ALMANAC_TODAY must be a date as YYYY-MM-DD, not \"\(pinned)\".")
            }
            return date
        }
        return LocalDate.local(clock.now())
    }

    /// A store for one user document under the data folder.
    public func store<D: StoredDocument>(_ type: D.Type) -> DocumentStore<D> {
        DocumentStore<D>(folder: configuration.paths.data, console: console, clock: clock)
    }

    /// Prints a JSON document to stdout.
    public func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder.almanac
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        console.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// `Source: live` style footer for human output.
    public func sourceLine(_ provenance: Provenance) -> String {
        style.dim("Source: \(provenance.label(now: clock.now()))")
    }
}
