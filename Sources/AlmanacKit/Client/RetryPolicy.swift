import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// When and how long to wait before sending an idempotent request again.
public struct RetryPolicy: Sendable {
    /// Extra attempts after the first; 2 by default.
    public var maxRetries = 2
    /// First backoff in seconds; doubled each retry, with ±50 % jitter. 0.3 by default.
    public var baseDelay: TimeInterval = 0.3
    /// Longest `Retry-After` of a 5xx honoured, in seconds; 10 by default. Longer → fail at once.
    public var retryAfterCap: TimeInterval = 10
    /// Longest `Retry-After` of a 429 waited for, in seconds; 60 by default. Longer (or with
    /// `--no-wait`) → exit 75 at once with the time to retry.
    public var rateLimitWaitCap: TimeInterval = 60
    /// Sleeps for the given seconds; replaceable in tests.
    public var sleep: @Sendable (TimeInterval) async -> Void = { seconds in
        try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }

    /// The defaults documented on each property.
    public init() {}

    /// Backoff before retry number `attempt` (1-based), jittered.
    public func backoff(attempt: Int) -> TimeInterval {
        let exponential = baseDelay * pow(2, Double(attempt - 1))
        return exponential * Double.random(in: 0.5...1.5)
    }
}
