import Foundation
import Synchronization

/// A count shared by threads (a server's handlers, a pool's jobs).
package final class Counter: Sendable {
    private let count = Mutex(0)

    package init() {}

    /// The count now.
    package var value: Int { count.withLock { $0 } }

    /// Returns the value, then adds one.
    package func next() -> Int {
        count.withLock { count in
            defer { count += 1 }
            return count
        }
    }

    /// Sets the count.
    package func set(_ value: Int) { count.withLock { $0 = value } }

    /// Adds `value` (negative to take away).
    package func add(_ value: Int) { count.withLock { $0 += value } }
}

/// The repository's Fixtures folder (the recorded sample answers).
package let repositoryFixtures: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// Noon UTC on the day the sample answers were recorded (`Fixtures/RECORDED`): the instant a test
/// that reads them runs at, so it holds on any date.
package let sampleRecordingInstant = Date(timeIntervalSince1970: 1_795_176_000)
