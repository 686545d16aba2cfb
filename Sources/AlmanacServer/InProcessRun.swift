import AlmanacCore
import AlmanacProgram
import Foundation

/// Runs the program's command line in this process, as a separate process would run it, on a
/// thread of its own (`Main.run` serves its command's jobs on the calling thread): the server's
/// environment and folder, no input (docs/architecture.md §10, "The resident server").
package enum InProcessRun {
    /// `terminal`: the run's standard output is a terminal's (a glance forwarded from one).
    package static func run(_ arguments: [String], environment: [String: String], executablePath: String?, terminal: Bool = false) async
        -> CapturedRun
    {
        // The server's own runs never ask the server.
        let variables = environment.merging(["ALMANAC_NO_SERVER": "1"]) { _, new in new }
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: CapturedRun.run(
                        arguments, environment: variables, terminals: terminal ? [STDOUT_FILENO] : [], executablePath: executablePath))
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
