import AlmanacHTTP
import Foundation

/// Answers typed endpoints through the cache policy: what a feature needs from the client.
/// `DataClient` is the real one; a test may answer from memory.
package protocol Fetcher: Sendable {
    /// The answer to `endpoint`; `onStale` sees a stale cached answer before it is revalidated.
    func fetch<R: Sendable>(_ endpoint: Endpoint<R>, onStale: (@Sendable (Fetched<R>) async -> Void)?) async throws -> Fetched<R>
}

extension Fetcher {
    /// The endpoint's result through the cache policy: fresh cache, else the network, else stale
    /// cache or sample data, as `DataClient.fetch` documents.
    package func fetch<R: Sendable>(_ endpoint: Endpoint<R>) async throws -> Fetched<R> {
        try await fetch(endpoint, onStale: nil)
    }
}

extension DataClient: Fetcher {}
