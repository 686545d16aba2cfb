import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one run of the program is handed by whoever runs it: its environment and folder, where
/// its standard output and errors go, its standard input, which of its streams are terminals, and
/// what becomes of its waits (docs/development.md, "Running the program in process").
///
/// The process's own unless a caller binds `current` around the run: the tests run the program
/// in process with their own (a run's console, environment and folder are read from it when the
/// run starts; its retry backoff and `Retry-After` waits do not sleep but are told to `paused`). Signals, the raw terminal and `exit` stay the
/// process's: what only they show is tested through the built binary.
package struct Invocation: Sendable {
    /// The command line, the program's name first (as `CommandLine.arguments`).
    package var arguments: [String]
    /// The variables the run sees, as the process environment.
    package var environment: [String: String]
    /// The folder the run starts in (a `.env` there is read).
    package var directory: String
    /// Receives what the run writes to a descriptor (`STDOUT_FILENO`, `STDERR_FILENO`).
    package var write: @Sendable (Int32, String) -> Void
    /// The next line of standard input without its newline; nil at the end.
    package var readLine: @Sendable () -> String?
    /// The descriptors that are terminals (none: both piped, as under a test or a script).
    package var terminals: Set<Int32> = []
    /// The program the glance refresher starts (the built binary; nil: none is started).
    package var executablePath: String?
    /// Told each pause a retry's backoff or a server's `Retry-After` asks for, in seconds: a run
    /// in process does not sleep it.
    package var paused: @Sendable (TimeInterval) -> Void = { _ in }
    /// Told the error that ended the run, before its one line is written (a caller in process
    /// answers by its kind: `almanac serve` says 404 for a place not found).
    package var failed: @Sendable (any Error) -> Void = { _ in }
    /// Told, for each answer from a provider or the cache the run used, until when it stays fresh
    /// (a stale one: a time already past): `almanac serve` keeps a run's output no longer.
    package var answered: @Sendable (Date) -> Void = { _ in }

    /// A run of `arguments` with the given environment and folder whose output goes to `write`.
    package init(
        arguments: [String], environment: [String: String], directory: String, write: @escaping @Sendable (Int32, String) -> Void,
        readLine: @escaping @Sendable () -> String? = { nil }
    ) {
        (self.arguments, self.environment, self.directory) = (arguments, environment, directory)
        (self.write, self.readLine) = (write, readLine)
    }

    /// The run's own invocation; nil: the process's.
    @TaskLocal package static var current: Invocation?

    /// The run's command line, the program's name first.
    package static var arguments: [String] { current?.arguments ?? CommandLine.arguments }
    /// The environment the run sees: Foundation's reading of the process's, unless bound. (A
    /// hand-written reader of `environ` saved 0.0–1.3 % of a sample command's whole-process time,
    /// under the budget: docs/benchmarks.md.)
    package static var environment: [String: String] { current?.environment ?? ProcessInfo.processInfo.environment }
    /// One variable the run sees: read alone (`getenv`), not the whole environment, unless bound.
    package static func variable(_ name: String) -> String? {
        if let current { return current.environment[name] }
        return getenv(name).map { String(cString: $0) }
    }
    /// The folder the run started in.
    package static var directory: String { current?.directory ?? FileManager.default.currentDirectoryPath }

    /// Whether `descriptor` is a terminal for this run.
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        guard let current else { return isatty(descriptor) == 1 }
        return current.terminals.contains(descriptor)
    }

    /// The path of the program running (the glance refresher starts it again); nil for a run in
    /// process that names none.
    package static var executablePath: String? {
        if let current { return current.executablePath }
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }

    /// The time zone the run is in: the one its `TZ` names (a run in process is handed its own
    /// environment), else the system's — as `TimeZone.current` gives for a process.
    package static var timeZoneIdentifier: String {
        if let current, let variable = current.environment["TZ"],
            let zone = TimeZone(identifier: variable.hasPrefix(":") ? String(variable.dropFirst()) : variable)
        {
            return zone.identifier
        }
        return TimeZone.current.identifier
    }

    /// Tells the run's caller in process that an answer used stays fresh until `date`.
    package static func answered(freshUntil date: Date) { current?.answered(date) }

    /// The next line of standard input; nil at its end.
    package static func readLine() -> String? { current.map { $0.readLine() } ?? Swift.readLine() }

    /// Sleeps `seconds`; a run in process tells `paused` instead.
    package static func pause(_ seconds: TimeInterval) async {
        if let current { return current.paused(seconds) }
        try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}
