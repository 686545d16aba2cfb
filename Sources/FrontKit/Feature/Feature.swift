import AlmanacClient
import AlmanacHTTP
import ArgumentParser

/// One feature as the program composes it (docs/architecture.md §1, "Features declared once"):
/// what the feature adds to the program, declared once in its own front — its command, its line
/// in the welcome menu and the screen it opens, its tab in the full-screen app, the codes it adds
/// to `almanac line`, the providers that answer it this run and its part of `almanac doctor`, and
/// its steps for `fixtures record`. `AlmanacProgram`'s `Features` is the one list; nothing else names a feature.
package struct Feature: Sendable {
    /// One step of recording answers: what it asks, in words, and the asking.
    package typealias RecordingStep = (String, @Sendable () async throws -> Void)

    /// Its command, `almanac NAME`.
    package var command: any ParsableCommand.Type
    /// Its line in the welcome menu and the screen it opens.
    package var menu: MenuEntry
    /// Its tab in the full-screen app; throws when what the tab reads cannot be had.
    package var tab: @Sendable (FrontContext) throws -> any AppTab
    /// The codes it adds to `almanac line` templates (none by default).
    package var glanceCodes: [Character]
    /// The providers that answer what it asks this run (none by default).
    package var answering: @Sendable (AppContext) -> Set<Provider>
    /// Its steps for recording `provider`'s answers; none for a provider it does not ask.
    package var recording: @Sendable (Provider, AppContext) -> [RecordingStep]
    /// Its part of `almanac doctor` (none by default).
    package var doctor: @Sendable (AppContext) -> DoctorSection?

    /// A feature with its command, menu entry and tab, and what else it adds (nothing by default).
    package init(
        command: any ParsableCommand.Type, menu: MenuEntry, tab: @escaping @Sendable (FrontContext) throws -> any AppTab,
        glanceCodes: [Character] = [], answering: @escaping @Sendable (AppContext) -> Set<Provider> = { _ in [] },
        doctor: @escaping @Sendable (AppContext) -> DoctorSection? = { _ in nil },
        recording: @escaping @Sendable (Provider, AppContext) -> [RecordingStep] = { _, _ in [] }
    ) {
        (self.command, self.menu, self.tab, self.glanceCodes) = (command, menu, tab, glanceCodes)
        (self.answering, self.doctor, self.recording) = (answering, doctor, recording)
    }
}

/// A feature's line in the welcome menu.
package struct MenuEntry: Sendable {
    /// The choice's name: `Weather`.
    package var title: String
    /// What `help` says of it, with the command that does the same.
    package var help: String
    /// Its place in the welcome menu, which keeps the order its users learned (`Features` lists
    /// the features in the app's tab order).
    package var rank: Int
    /// The screen it opens.
    package var screen: @Sendable (FrontContext) -> any MenuScreen

    /// An entry as given.
    package init(_ title: String, help: String, rank: Int, screen: @escaping @Sendable (FrontContext) -> any MenuScreen) {
        (self.title, self.help, self.rank, self.screen) = (title, help, rank, screen)
    }
}

/// A feature's part of `almanac doctor`: a titled paragraph of who answers it and why, a line
/// after the sample data when it has one, and the same facts in `--json` under `key`.
package struct DoctorSection: Sendable {
    /// Its key in `doctor --json`: `weather`.
    package var key: String
    /// Its paragraph's title: `Weather`.
    package var title: String
    /// Its paragraph's lines, each indented under the title.
    package var lines: [String]
    /// A line after the sample data (crypto's credit count); nil for none.
    package var footer: String?
    /// What `--json` holds under `key`.
    package var json: any Encodable & Sendable

    /// A section as given.
    package init(key: String, title: String, lines: [String], footer: String? = nil, json: any Encodable & Sendable) {
        (self.key, self.title, self.lines, self.footer, self.json) = (key, title, lines, footer, json)
    }
}
