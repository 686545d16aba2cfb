import AlmanacCore
import Foundation
import FrontKit

/// `--follow` on a glance (docs/status-bars.md, "Continuous mode: `--follow`"): the glance runs again and again
/// — through the resident server when one runs, else by itself — and a line is printed only when
/// its text changes, never a repeat and never an empty one. Every 30 s by default
/// (`ALMANAC_FOLLOW_EVERY`, in seconds), and at once after a resume from suspend (the wall clock
/// jumped past the one that stops while suspended). It ends when it is stopped (a signal), or on
/// bad input (exit 64).
enum GlanceFollower {
    static func run(_ arguments: [String]) -> Int32 {
        let once = arguments.filter { $0 != "--follow" }
        let every = Invocation.variable("ALMANAC_FOLLOW_EVERY").flatMap(Double.init) ?? 30
        // Each turn a run of this process's own: its environment, its terminals, its program.
        let (environment, terminals) = (Invocation.environment, Set([STDOUT_FILENO, STDERR_FILENO].filter(Invocation.isTerminal)))
        var last: String?
        while true {
            let turn = CapturedRun.run(once, environment: environment, terminals: terminals, executablePath: Invocation.executablePath)
            if turn.status == ExitStatus.usage {
                Console.write(turn.err, to: STDERR_FILENO)
                return turn.status
            }
            if !turn.out.isEmpty, turn.out != last {
                Console.write(turn.out, to: STDOUT_FILENO)
                last = turn.out
            }
            sleep(every)
        }
    }

    /// Sleeps `seconds` of wall time in steps of at most a second; returns early when a step's
    /// wall time ran more than 5 s past the suspending clock's (the machine was suspended).
    private static func sleep(_ seconds: Double) {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            let (wall, steady) = (Date(), SuspendingClock.now)
            Thread.sleep(forTimeInterval: min(1, max(0, end.timeIntervalSinceNow)))
            let suspended = Date().timeIntervalSince(wall) - Double((SuspendingClock.now - steady) / .seconds(1))
            if suspended > 5 { return }
        }
    }
}
