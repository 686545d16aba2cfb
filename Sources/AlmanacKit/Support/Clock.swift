import Foundation

/// A source of the current time, injectable so TTL logic is tested without sleeping.
public protocol Clock: Sendable {
    func now() -> Date
}

public struct SystemClock: Clock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that tests move by hand.
public final class ManualClock: Clock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ start: Date = Date(timeIntervalSince1970: 1_790_000_000)) {
        current = start
    }

    public func now() -> Date { lock.withLock { current } }

    public func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }
}
