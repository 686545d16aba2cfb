import AlmanacCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A command of the user's the program runs and waits for (the notifier), bounded by the run's
/// deadline (docs/architecture.md §5, "Notifications"): past it the command is stopped with all it
/// started (its own process group: SIGTERM, then SIGKILL a quarter second later); Ctrl+C, which
/// reaches the program alone, stops it too and the run ends as interrupted (exit 130). Its input
/// and output are `/dev/null`; it inherits the environment.
enum OutsideCommand {
    /// How a run ended.
    enum Outcome: Equatable {
        /// It exited with this status (0 to 255).
        case exited(Int32)
        /// A signal it did not stop on its own ended it: 128 + the signal's number, as shells say.
        case signalled(Int32)
        /// It was still running at the deadline and was stopped.
        case overran
    }

    /// Seconds between looks at the child (and at Ctrl+C).
    static let pollSeconds = 0.02

    /// Runs `arguments` (the first found on `PATH`) until it exits or `until` passes. Throws
    /// `CancellationError` when Ctrl+C was pressed meanwhile, an errno from `posix_spawnp` when it
    /// could not start.
    static func run(_ arguments: [String], until: Date) throws -> Outcome {
        let child = try spawn(arguments)
        var status: Int32 = 0
        while true {
            let done = waitpid(child, &status, WNOHANG)
            if done == child { break }
            if done == -1, errno != EINTR { return .exited(0) }  // reaped elsewhere: nothing left to wait for
            if Interrupt.happened {
                stop(child)
                throw CancellationError()
            }
            if Date() >= until {
                stop(child)
                return .overran
            }
            Thread.sleep(forTimeInterval: pollSeconds)
        }
        let (code, signal) = ((status >> 8) & 0xFF, status & 0x7F)
        if Interrupt.happened { throw CancellationError() }
        return signal == 0 ? .exited(code) : .signalled(128 + signal)
    }

    /// The child started in a process group of its own (stopping it stops what it started too),
    /// its input and output `/dev/null`; an errno when it could not start.
    private static func spawn(_ arguments: [String]) throws -> pid_t {
        try ChildProcess.start(arguments, group: .own, quietErrors: false, closeOthers: false)
    }

    /// SIGTERM to its group, a quarter second to end, then SIGKILL; reaped either way.
    private static func stop(_ child: pid_t) {
        kill(-child, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<Int(0.25 / pollSeconds) {
            if waitpid(child, &status, WNOHANG) == child { return }
            Thread.sleep(forTimeInterval: pollSeconds)
        }
        kill(-child, SIGKILL)
        while waitpid(child, &status, 0) == -1, errno == EINTR {}
    }
}
