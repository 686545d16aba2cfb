import AlmanacCore
import AlmanacHTTP
import AlmanacProgram
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

/// The result of running the built `almanac` binary.
package struct RunResult {
    package var out: String
    package var err: String
    package var status: Int32
    /// The pauses a run in process skipped (a retry's backoff, a `Retry-After`), in seconds.
    package var paused: [TimeInterval] = []
}

/// The environment a test's run gets: only PATH, HOME, ALMANAC_HOME, TERM, the keyless providers
/// pointed at a closed loopback port, and `environment`.
package func runEnvironment(home: URL, _ environment: [String: String]) -> [String: String] {
    var variables = ["PATH": "/usr/bin:/bin", "HOME": home.path, "ALMANAC_HOME": home.path, "TERM": "xterm-256color"]
    // A suite run under libfaketime (a clock set a year ahead: docs/development.md) runs the
    // program, and what it starts, on the same clock as the tests.
    variables.merge(ProcessInfo.processInfo.environment.filter { $0.key == "LD_PRELOAD" || $0.key.hasPrefix("FAKETIME") }) { _, new in new }
    variables.merge(unreachableKeyless) { _, new in new }
    variables.merge(environment) { _, new in new }
    return variables
}

/// Runs the program in this process (`Main.run` under an `Invocation`) with the environment
/// `runEnvironment` gives, `stdin` as its input and both streams piped, as the built binary would
/// run from a script (with `terminal`, all three streams are a terminal's, as at a prompt); its
/// retry backoff takes no time. `executable` is the path the run takes for
/// its own (where it looks for the sample data installed beside it; default: the built binary's).
/// What only a process shows runs the built binary (`runAlmanacBinary`, in `Tests/BinaryTests`).
package func runAlmanac(
    _ arguments: [String], home: URL, environment: [String: String] = [:], stdin: String? = nil,
    directory: URL? = nil, executable: URL? = nil, terminal: Bool = false
) throws -> RunResult {
    let output = Mutex<(out: String, err: String)>(("", ""))
    // Lines as `readLine` gives them: without their end (`\n` or `\r\n`); none for no input.
    var given = (stdin ?? "").split(separator: "\n", omittingEmptySubsequences: false).map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
    if given.last == "" { given.removeLast() }  // the last line's end, or no input at all
    let lines = Mutex(given)
    var invocation = Invocation(
        arguments: ["almanac"] + arguments, environment: runEnvironment(home: home, environment), directory: (directory ?? home).path,
        write: { descriptor, text in output.withLock { descriptor == STDERR_FILENO ? $0.err.append(text) : $0.out.append(text) } },
        readLine: { lines.withLock { $0.isEmpty ? nil : $0.removeFirst() } })
    invocation.executablePath = (executable ?? productsFolder.appendingPathComponent("almanac")).path
    if terminal { invocation.terminals = [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] }
    let paused = Mutex<[TimeInterval]>([])
    invocation.paused = { seconds in paused.withLock { $0.append(seconds) } }
    let status = Invocation.$current.withValue(invocation) { Main.run(arguments) }
    var result = output.withLock { RunResult(out: $0.out, err: $0.err, status: status) }
    result.paused = paused.withLock { $0 }
    if !arguments.contains("-v"), !arguments.contains("--verbose") { assertUserWords(result.err, arguments) }
    return result
}

/// Runs the built `almanac` with the environment `runEnvironment` gives: for what only the
/// binary shows (exit on a signal, a process's own files and locks). `whileRunning` is called
/// once it has started (to signal it, say).
package func runAlmanacBinary(
    _ arguments: [String], home: URL, environment: [String: String] = [:], stdin: String? = nil,
    directory: URL? = nil, whileRunning: ((Process) -> Void)? = nil
) throws -> RunResult {
    let process = Process()
    process.executableURL = productsFolder.appendingPathComponent("almanac")
    process.arguments = arguments
    process.environment = runEnvironment(home: home, environment)
    process.currentDirectoryURL = directory ?? home
    let outURL = home.appendingPathComponent(".out-\(UUID().uuidString)")
    let errURL = home.appendingPathComponent(".err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
    }
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    whileRunning?(process)
    process.waitUntilExit()
    let result = RunResult(
        out: try String(contentsOf: outURL, encoding: .utf8), err: try String(contentsOf: errURL, encoding: .utf8),
        status: process.terminationStatus)
    if !arguments.contains("-v"), !arguments.contains("--verbose") { assertUserWords(result.err, arguments) }
    return result
}

/// Asserts a failure: exactly one line on stderr starting with `almanac:`, and the exit code.
package func assertOneLineError(_ result: RunResult, status: Int32, contains text: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(result.status, status, "stderr: \(result.err)", file: file, line: line)
    let lines = result.err.split(separator: "\n").filter { $0.hasPrefix("almanac:") }
    XCTAssertEqual(lines.count, 1, result.err, file: file, line: line)
    XCTAssertTrue(result.err.contains(text), result.err, file: file, line: line)
    XCTAssertFalse(result.err.contains("Usage:"), result.err, file: file, line: line)
}

/// What a user reads names no endpoint id (`fruityvice.all`) and no path inside a fixture set:
/// checked on every run of the binary the tests make (the detail is for `--verbose`).
package func assertUserWords(_ text: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) {
    let endpoint = #"\b(twelvedata|fruityvice|openweather|yandex)\.[a-z_]+\b"#
    XCTAssertNil(text.range(of: endpoint, options: .regularExpression), "\(arguments): \(text)", file: file, line: line)
    XCTAssertNil(text.range(of: #"Fixtures/[a-z]+/"#, options: .regularExpression), "\(arguments): \(text)", file: file, line: line)
}

/// Runs one of the repository's `scripts/` (a tmux driver) against the built binary; its stdout.
package func runScript(_ name: String, home: URL, environment: [String: String] = [:], arguments: [String] = []) throws -> String {
    let process = Process()
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    let script = repositoryFixtures.deletingLastPathComponent().appendingPathComponent("scripts/\(name)")
    process.arguments = [script.path, productsFolder.appendingPathComponent("almanac").path, home.path] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text
}

/// A tmux driver's screens by step name (each capture follows a line `=== STEP name`).
package func steps(_ output: String) -> [String: String] {
    var steps: [String: String] = [:]
    for part in output.components(separatedBy: "=== STEP ").dropFirst() {
        let name = String(part.prefix { $0 != "\n" })
        steps[name] = String(part.dropFirst(name.count + 1))
    }
    return steps
}

/// Skips a test that drives a terminal when tmux is missing (make test installs it).
package func requireTmux() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
    else { throw XCTSkip("tmux is not installed (make test installs it)") }
}

/// Writes a truncated `name` (a user document) into `home`'s data folder, as a crash would leave it.
package func writeDamagedDocument(_ name: String, text: String, home: URL) throws -> URL {
    let data = home.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: data.appendingPathComponent(name))
    return data
}
