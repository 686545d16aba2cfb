import AlmanacCore
import Foundation
import FrontKit

/// `--follow` on a glance (docs/status-bars.md, "Continuous mode: `--follow`"): the glance runs again and again
/// — through the resident server when one runs, else by itself — and a line is printed only when
/// its text changes, never a repeat and never an empty one. When it looks is `FollowSchedule`'s:
/// every 30 s by default (`ALMANAC_FOLLOW_EVERY`, in seconds), and in a burst after a resume from
/// suspend or a change of network. It ends when it is stopped (a signal), or on bad input (exit 64).
enum GlanceFollower {
    static func run(_ arguments: [String]) -> Int32 {
        let once = arguments.filter { $0 != "--follow" }
        var schedule = FollowSchedule(
            every: Invocation.variable("ALMANAC_FOLLOW_EVERY").flatMap(Double.init).flatMap { (0.1...86_400).contains($0) ? $0 : nil } ?? 30)
        // Each turn a run of this process's own: its environment, its terminals, its program.
        let (environment, terminals) = (Invocation.environment, Set([STDOUT_FILENO, STDERR_FILENO].filter(Invocation.isTerminal)))
        var last: String?
        while true {
            if schedule.tick(.now(since: origin)) {
                let turn = CapturedRun.run(once, environment: environment, terminals: terminals, executablePath: Invocation.executablePath)
                if turn.status == ExitStatus.usage {
                    Console.write(turn.err, to: STDERR_FILENO)
                    return turn.status
                }
                if !turn.out.isEmpty, turn.out != last {
                    Console.write(turn.out, to: STDOUT_FILENO)
                    last = turn.out
                }
            }
            Thread.sleep(forTimeInterval: schedule.wait(at: FollowSchedule.Reading.steady(since: origin)))
        }
    }

    private static let origin = SuspendingClock.now
}
