import Foundation
import Synchronization
import XCTest

/// The built `almanac` left running (a server, a follower), with what it printed so far on each
/// stream; the test's teardown stops it if the test did not.
package final class LongRun: @unchecked Sendable {  // Process is not Sendable; it is only started and signalled
    package let process: Process
    private let printed = Printed()

    /// What the two streams carried so far (a reference the pipes' handlers share).
    private final class Printed: Sendable {
        let text = Mutex((out: "", err: ""))
    }

    /// Starts `almanac arguments` in `home` with the environment `runEnvironment` gives.
    package init(_ arguments: [String], home: URL, environment: [String: String] = [:], test: XCTestCase) throws {
        process = Process()
        process.executableURL = productsFolder.appendingPathComponent("almanac")
        process.arguments = arguments
        process.environment = runEnvironment(home: home, environment)
        let (out, err) = (Pipe(), Pipe())
        for (pipe, isErr) in [(out, false), (err, true)] {
            pipe.fileHandleForReading.readabilityHandler = { [printed] handle in
                let text = String(decoding: handle.availableData, as: UTF8.self)
                printed.text.withLock { isErr ? $0.err.append(text) : $0.out.append(text) }
            }
        }
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        test.addTeardownBlock { [process] in if process.isRunning { process.terminate() } }
    }

    /// Its standard output so far.
    package var out: String { printed.text.withLock { $0.out } }
    /// Its standard errors so far.
    package var err: String { printed.text.withLock { $0.err } }
}
