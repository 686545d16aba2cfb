import AlmanacCore
import AlmanacHTTP
import Foundation

/// One request a resource across processes (docs/architecture.md §4): the resource's lock, and
/// the answer another almanac stored while this one waited for it.
extension AnswerStore {
    /// The resource's lock, waiting for the process that holds it (at most the request's time,
    /// never past the command's deadline: `Configuration.transportNow`); its answer instead, when
    /// it stored one meanwhile (`.answered`). Throws a timeout when the wait runs out.
    func turn<R>(_ endpoint: Endpoint<R>, previous: CacheEntry?) async throws -> (lock: ResourceLock?, answered: Fetched<R>?) {
        let descriptor = endpoint.descriptor
        let folder = configuration.paths.state
        if let lock = ResourceLock.take(folder: folder, key: descriptor.identity, provider: descriptor.provider) { return (lock, nil) }
        console.debug("\(descriptor.what): another almanac process is fetching it; waiting for its answer")
        let seconds = configuration.transportNow()?.totalTimeout ?? 0
        guard
            let lock = try await ResourceLock.wait(
                folder: folder, key: descriptor.identity, provider: descriptor.provider, until: Date().addingTimeInterval(seconds))
        else { throw TransportError.timeout(host: URL(string: configuration.baseURL(for: descriptor.provider))?.host ?? "", seconds: seconds) }
        let answered = answeredMeanwhile(endpoint, after: previous)
        if answered != nil { console.debug("\(descriptor.what): answered by another almanac process meanwhile") }
        return (lock, answered)
    }
}
