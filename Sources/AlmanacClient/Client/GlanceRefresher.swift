import AlmanacCore
import Foundation

/// The detached process that refreshes a status-bar glance's stale answers after the glance has
/// printed them (docs/architecture.md §4, "Glances"): the same command line, run again with
/// `ALMANAC_REFRESHER=1` in its own session, its output thrown away. Its only effect is the
/// cache: the next glance shows what it fetched. It sends a request only when it can take the
/// resource's lock at once, so one refresher a resource runs at a time, bounded by `--timeout`.
package enum GlanceRefresher {
    /// Set in the refresher's environment; never by a user.
    package static let variable = "ALMANAC_REFRESHER"

    /// Starts the refresher for this run's command line in its own session, with nothing of the
    /// glance's: a bar (or a test harness) that waits for the end of a pipe or socket the glance
    /// inherited must not wait for the refresher too. False when it could not be started.
    @discardableResult
    package static func start(arguments: [String] = Invocation.arguments) -> Bool {
        // The binary running (its link, so a replaced binary still starts), or the one a run in process names.
        guard let path = Invocation.current == nil ? "/proc/self/exe" : Invocation.executablePath else { return false }
        var environment = Invocation.environment
        environment[variable] = "1"
        let child = try? ChildProcess.start(
            arguments, path: path, environment: environment, group: .session, quietErrors: true, closeOthers: true)
        return child != nil
    }
}
