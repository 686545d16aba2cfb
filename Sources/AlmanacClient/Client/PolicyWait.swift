import Foundation

/// Sleeps for the given seconds; tests pass one that moves a manual clock instead.
package typealias Sleeper = @Sendable (TimeInterval) async throws -> Void

/// A wait a send policy asked for, as it goes, for a front end to draw: the policy's plan in
/// words, when the wait ends and the seconds left (reported each second; nil once it is over).
package struct PolicyWait: Sendable, Equatable {
    /// The plan in words, e.g. `Twelve Data free plan: 8 credits a minute` (the policy's own).
    package var plan: String
    /// When the wait ends.
    package var until: Date
    /// Whole seconds left, counting down.
    package var secondsLeft: Int

    /// A wait as reported.
    package init(plan: String, until: Date, secondsLeft: Int) {
        (self.plan, self.until, self.secondsLeft) = (plan, until, secondsLeft)
    }
}

/// How a run's policy waits pass and show (docs/architecture.md §3, "Time budgets"): the front
/// end draws them (`onWait`: a countdown on a terminal), a test moves a manual clock (`sleep`).
package struct PolicyWaits: Sendable {
    /// Told of a wait each second, and `nil` when it ends.
    package typealias Reporter = @Sendable (PolicyWait?) -> Void

    /// How a wait passes: `Task.sleep` by default (cancelling the task ends it).
    package var sleep: Sleeper
    /// How the front end shows a wait; nil: the policy's one note.
    package var onWait: Reporter?

    /// Waits that sleep for real and show as a note, unless told otherwise.
    package init(sleep: @escaping Sleeper = PolicyWaits.systemSleep, onWait: Reporter? = nil) {
        (self.sleep, self.onWait) = (sleep, onWait)
    }

    /// `Task.sleep`: cancelling the task ends the wait with `CancellationError`.
    package static let systemSleep: Sleeper = { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}
