import AlmanacCore
import AlmanacHTTP
import Foundation

/// What the features need, built once per run where the objects are made (the executable,
/// a test): configuration, the console for notes, the data client and the clock. How results
/// are shown (colour, `--json`, a terminal) belongs to the front end (`FrontContext`).
package struct AppContext: Sendable {
    /// Keys, folders and network settings.
    package var configuration: Configuration
    /// Where notes and warnings go.
    package var console: Console
    /// The cache-first client.
    package var client: DataClient
    /// The time every feature reads.
    package var clock: any Clock
    /// How the send policies' waits pass and show (a countdown on a terminal).
    package var waits: PolicyWaits
    /// The documents this run has read (docs/architecture.md §2, item 8): each is read once.
    package let documents = DocumentMemo()

    /// A context; waits sleep for real and show as a note unless `waits` says otherwise.
    package init(
        configuration: Configuration, console: Console, client: DataClient, clock: any Clock = SystemClock(), waits: PolicyWaits = PolicyWaits()
    ) {
        self.configuration = configuration
        self.console = console
        self.client = client
        self.clock = clock
        self.waits = waits
    }

    /// The clock and "today" as the features read them (`ALMANAC_TODAY` pins the day).
    package var days: DayClock { DayClock(clock: clock, pinned: configuration.environment["ALMANAC_TODAY"]) }

    /// "Today" as a calendar date: `ALMANAC_TODAY` when set, else the clock's date in the local zone.
    package func today() throws -> LocalDate { try days.today() }

    /// A store for one user document under the data folder.
    package func store<D: StoredDocument>(_ type: D.Type) -> DocumentStore<D> {
        DocumentStore<D>(folder: configuration.paths.data, console: console, clock: clock, memo: documents)
    }
}
