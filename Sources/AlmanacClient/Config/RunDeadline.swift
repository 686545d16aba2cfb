import AlmanacHTTP
import Foundation
import Synchronization

/// When a one-shot command must be done with the network (docs/architecture.md §3, "Time
/// budgets"): its start plus `--timeout` (20 s by default), every provider and retry included.
///
/// One rule for every wait: with `--timeout` given (or on a status bar, which must never hang) the
/// whole command fits in it, and a wait that cannot fit is refused at once (`PolicyWaitRule`); without it, a
/// wait the user was told of (a provider's credit window) moves the deadline back by its length
/// (`postpone`), so the requests after it keep their full network time. Shared by every part of
/// the run: the client, the credit gate and the lock wait read the same deadline.
package final class RunDeadline: Sendable {
    /// Whether the limit is the user's (`--timeout`) or a status bar's: waits never move it.
    package let fixed: Bool
    /// The network time each request gets by default, in seconds (what a postponed wait keeps).
    package let seconds: TimeInterval
    private let date: Mutex<Date>

    /// A deadline `seconds` after `start`; `fixed` when the user gave the limit.
    package init(start: Date, seconds: TimeInterval, fixed: Bool) {
        self.fixed = fixed
        self.seconds = seconds
        self.date = Mutex(start.addingTimeInterval(seconds))
    }

    /// The deadline as it stands.
    package var at: Date { date.withLock { $0 } }

    /// Seconds left at `now` (negative once passed).
    package func left(at now: Date) -> TimeInterval { at.timeIntervalSince(now) }

    /// `deadline` as a policy's wait sees it now (`PolicyWaitRule`): a fixed one's seconds left;
    /// none, or one that is not fixed, is movable (it moves back by the wait instead).
    package static func forWait(_ deadline: RunDeadline?) -> AnswerMachine.Deadline {
        guard let deadline, deadline.fixed else { return .movable }
        return .fixed(secondsLeft: deadline.left(at: Date()))
    }

    /// The time limit, in whole seconds, that would let a wait of `wait` seconds and its request
    /// fit: the wait plus the request's own time, rounded up to ten seconds.
    package func allowing(wait: Int) -> Int {
        let needed = Double(wait) + max(seconds, TransportOptions().totalTimeout)
        return Int(rounding: needed / 10, .up) * 10
    }

    /// Moves a deadline that is not fixed back by `seconds` (a wait the user was told of).
    package func postpone(by seconds: TimeInterval) {
        guard !fixed, seconds > 0 else { return }
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
