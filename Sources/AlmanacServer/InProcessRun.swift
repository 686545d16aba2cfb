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
        let output = Mutex(RunOutput())
        // The server's own runs never ask the server.
        var invocation = Invocation(
            arguments: ["almanac"] + arguments, environment: environment.merging(["ALMANAC_NO_SERVER": "1"]) { _, new in new },
            directory: FileManager.default.currentDirectoryPath,
            write: { descriptor, text in output.withLock { descriptor == STDERR_FILENO ? $0.err.append(text) : $0.out.append(text) } })
        invocation.executablePath = executablePath
        if terminal { invocation.terminals = [STDOUT_FILENO] }
        // A retry's backoff really waits here: this is the program, not a test.
        invocation.paused = { seconds in Thread.sleep(forTimeInterval: seconds) }
        invocation.failed = { error in
            guard case WeatherError.notFound = error else { return }
            output.withLock { $0.placeNotFound = true }
        }
        let status = Invocation.$current.withValue(invocation) { Main.run(arguments) }
        return output.withLock {
            $0.status = status
            return $0
        }
    }
}
