import AlmanacCore
import Foundation
import Synchronization
import Weather

/// One run of the program in this process with its output taken (`Main.run` under an
/// `Invocation`): the resident server's answers and a following glance's turns. A retry's backoff
/// really waits, as in a process of its own.
package struct CapturedRun: Sendable {
    package var out = ""
    package var err = ""
    package var status: Int32 = 0
    /// The run ended because a place it was asked for does not exist (`WeatherError.notFound`):
    /// what `almanac serve` answers with 404.
    package var placeNotFound = false
    /// Until when every answer the run used from a provider or the cache stays fresh (the
    /// earliest of them); nil when it used none (sample data, or no data at all).
    package var freshUntil: Date?

    /// Runs `arguments` on this thread with `environment`, the streams in `terminals` taken for
    /// a terminal's.
    package static func run(
        _ arguments: [String], environment: [String: String], terminals: Set<Int32> = [], executablePath: String?
    ) -> CapturedRun {
        let output = Mutex(CapturedRun())
        var invocation = Invocation(
            arguments: ["almanac"] + arguments, environment: environment, directory: Invocation.directory,
            write: { descriptor, text in output.withLock { descriptor == STDERR_FILENO ? $0.err.append(text) : $0.out.append(text) } })
        invocation.terminals = terminals
        invocation.executablePath = executablePath
        invocation.paused = { seconds in Thread.sleep(forTimeInterval: seconds) }
        invocation.answered = { date in output.withLock { $0.freshUntil = min($0.freshUntil ?? date, date) } }
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
