import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// One request a resource across processes (docs/architecture.md §4): the resource's lock, and
/// the answer another almanac stored while this one waited for it.
extension DataClient {
    /// The answer another process stored while this one waited for the resource's lock: newer
    /// than `previous` (or the first) and fresh. Nil when there is none: then this one sends.
    func answeredMeanwhile<R>(_ endpoint: Endpoint<R>, after previous: CacheEntry?) -> Fetched<R>? {
        let descriptor = endpoint.descriptor
        guard let entry = cache.read(key: descriptor.identity, provider: descriptor.provider),
            entry.fetchedAt > (previous?.fetchedAt ?? .distantPast), entry.isFresh(at: clock.now(), maxAge: configuration.maxAge),
            let value = try? endpoint.decode(entry.body)
        else { return nil }
        console.debug("\(descriptor.what): answered by another almanac process meanwhile")
        return Fetched(value: value, origin: .cache, fetchedAt: entry.fetchedAt, stale: false)
    }

    /// The resource's lock, waiting for the process that holds it (at most the request timeout);
    /// nil when this process took it at once. Its answer, when it stored one meanwhile, is
    /// returned instead (`.answered`): one request a resource across processes.
    func sharedTurn<R>(_ endpoint: Endpoint<R>, previous: CacheEntry?) async throws -> (lock: ResourceLock?, answered: Fetched<R>?) {
        let descriptor = endpoint.descriptor
        let folder = configuration.paths.state
        if let lock = ResourceLock.take(folder: folder, key: descriptor.identity, provider: descriptor.provider) { return (lock, nil) }
        console.debug("\(descriptor.what): another almanac process is fetching it; waiting for its answer")
        // Within the request's time, and never past the command's deadline (`RunDeadline`).
        let seconds = configuration.transportNow()?.totalTimeout ?? 0
        guard
            let lock = try await ResourceLock.wait(
                folder: folder, key: descriptor.identity, provider: descriptor.provider, until: Date().addingTimeInterval(seconds))
        else { throw TransportError.timeout(host: URL(string: configuration.baseURL(for: descriptor.provider))?.host ?? "", seconds: seconds) }
        return (lock, answeredMeanwhile(endpoint, after: previous))
    }
}
