import AlmanacCore
import AlmanacHTTP
import Foundation

/// When and how long to wait before sending an idempotent request again.
package struct RetryPolicy: Sendable {
    /// Extra attempts after the first; 2 by default.
    package var maxRetries = 2
    /// First backoff in seconds; doubled each retry, with ±50 % jitter. 0.3 by default.
    package var baseDelay: TimeInterval = 0.3
    /// Longest `Retry-After` of a 5xx honoured, in seconds; 10 by default. Longer → fail at once.
    package var retryAfterCap: TimeInterval = 10
    /// Longest `Retry-After` of a 429 waited for, in seconds; 60 by default. Longer (or with
    /// `--no-wait`) → exit 75 at once with the time to retry.
    package var rateLimitWaitCap: TimeInterval = 60
    /// Sleeps for the given seconds; replaceable in tests.
    package var sleep: @Sendable (TimeInterval) async -> Void = { seconds in await Invocation.pause(seconds) }

    /// The defaults documented on each property.
    package init() {}

    /// Backoff before retry number `attempt` (1-based), jittered.
    package func backoff(attempt: Int) -> TimeInterval {
        let exponential = baseDelay * pow(2, Double(attempt - 1))
        return exponential * Double.random(in: 0.5...1.5)
    }
}
