import AlmanacCore
import AlmanacProgram
import Foundation
import Synchronization
import Weather

/// What one run of the program in this process printed and how it ended.
package struct RunOutput: Sendable {
    package var out = ""
    package var err = ""
    package var status: Int32 = 0
    /// The run ended because a place it was asked for does not exist.
    package var placeNotFound = false
}

/// Runs the program's command line in this process, as a separate process would run it, on a
/// thread of its own (`Main.run` serves its command's jobs on the calling thread): the server's
/// environment and folder, no terminal, no input (docs/architecture.md §10, "The resident server").
package enum InProcessRun {
    /// `terminal`: the run's standard output is a terminal's (a glance forwarded from one).
    package static func run(_ arguments: [String], environment: [String: String], executablePath: String?, terminal: Bool = false) async -> RunOutput
    {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: runHere(arguments, environment: environment, executablePath: executablePath, terminal: terminal))
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    private static func runHere(_ arguments: [String], environment: [String: String], executablePath: String?, terminal: Bool) -> RunOutput {
        let notFound = Flag()
        // The server's own runs never ask the server.
        let run = CapturedRun.run(
            arguments, environment: environment.merging(["ALMANAC_NO_SERVER": "1"]) { _, new in new },
            terminals: terminal ? [STDOUT_FILENO] : [], executablePath: executablePath
        ) { error in
            if case WeatherError.notFound = error { notFound.value.store(true, ordering: .relaxed) }
        }
        return RunOutput(out: run.out, err: run.err, status: run.status, placeNotFound: notFound.value.load(ordering: .relaxed))
    }
}

/// A flag another thread raises.
private final class Flag: Sendable {
    let value = Atomic(false)
}
