import Foundation
import Synchronization

/// A source of the current time, injectable so TTL logic is tested without sleeping.
package protocol Clock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// The system's wall clock.
package struct SystemClock: Clock {
    /// The system clock; no state.
    package init() {}
    /// `Date()`.
    package func now() -> Date { Date() }
}

/// A clock that tests move by hand.
package final class ManualClock: Clock, Sendable {
    private let current: Mutex<Date>

    package init(_ start: Date = Date(timeIntervalSince1970: 1_790_000_000)) {
        current = Mutex(start)
    }

    package func now() -> Date { current.withLock { $0 } }

    package func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}
