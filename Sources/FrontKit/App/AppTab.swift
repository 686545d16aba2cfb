import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit

/// One tab of the full-screen app: a thin view over the same services the subcommands call.
/// The app asks it for its lines each frame and gives it the keys it does not take itself.
package protocol AppTab: AnyObject {
    var title: String { get }
    /// True while a form or a dialog is open: every key goes to the tab (digits, `q`, Tab).
    var capturesKeys: Bool { get }
    /// Shown for the first time, or again: start (or refresh) what it shows.
    func activate()
    /// Another tab is shown instead: cancel the loads only this one shows (their transfers stop).
    func deactivate()
    /// Applies a key; false when the tab had no use for it.
    func handle(_ key: Key) -> Bool
    /// The tab's lines for a `width`×`height` area (cut and padded by the app).
    func body(width: Int, height: Int) -> [String]
    /// Key hints for the status line, most needed first.
    var hints: [String] { get }
    /// Every key of the current screen, for `?`.
    var keyHelp: [String] { get }
    /// Where the data on screen came from and how old it is ("live", "cached 2 min ago").
    var source: String? { get }
    /// The newest failure worth a line in the status bar.
    var problem: String? { get }
    /// The providers whose notes belong on this tab, by `Provider.brand`; a note naming
    /// another provider stays on that provider's tab (and under `m`).
    var concerns: Set<String> { get }
    /// Background loads still running.
    var pending: Int { get }
    /// Called once a frame whichever tab is shown (work that must go on, like deals arriving).
    func tick()
    /// How soon, in seconds, the tab needs a frame with nothing happening (deals to merge, an
    /// animation); nil when only events need one (keys, loads landing: they wake the frame loop).
    var frameInterval: TimeInterval? { get }
    /// What `finish()` will wait for, as a sentence the last frame shows while it does
    /// ("Finishing the export to … before quitting…"); nil for nothing.
    var finishing: String? { get }
    /// Called once as the app quits: waits for work the user asked for that must not be lost
    /// half done (an export being written); returns what to say of it once the screen is gone
    /// ("Exported … rows to …"), nil for nothing.
    func finish() -> String?
}

extension AppTab {
    package var capturesKeys: Bool { false }
    package var problem: String? { nil }
    package var finishing: String? { nil }
    package var concerns: Set<String> { [] }
    package func deactivate() {}
    package func tick() {}
    package var frameInterval: TimeInterval? { nil }
    package func finish() -> String? { nil }
}
