import AlmanacCore
import AlmanacHTTP
import Foundation

/// The recorded sample answers (docs/architecture.md §3, "Sample data"): what
/// answers with `--offline`, without a key, and for a keyless provider that cannot be reached.
package struct SampleAnswers: Sendable {
    /// The recordings; nil when no sample data is installed.
    package let fixtures: FixtureTransport?
    /// The time a recording without its own time is stamped with.
    let clock: any Clock
    /// Where a missing recording is said under `--verbose`.
    let console: Console

    /// The recorded answer to an endpoint, read quietly (no note, no cache), stamped with its
    /// set's recording time. Nil when none.
    package func recorded<R>(_ endpoint: Endpoint<R>) async -> Fetched<R>? {
        guard let fixtures, let response = try? fixtures.respondRecorded(endpoint.descriptor, keeping: endpoint.kept),
            response.isSuccess, let value = try? endpoint.decode(response.body)
        else { return nil }
        return Fetched(value: value, origin: .fixture, fetchedAt: recordedAt(response), stale: false)
    }

    /// The recorded answer, or the error that says why there is none: no sample data folder,
    /// no recording of this request (with what is covered), or the recorded error status.
    /// - Parameter reason: why the run answers from the samples (`--offline` or a missing key).
    func answer<R>(_ endpoint: Endpoint<R>, reason: SampleDataError.Reason) async throws -> Fetched<R> {
        let descriptor = endpoint.descriptor
        var missing = SampleDataError(provider: descriptor.provider, covered: [], reason: reason, request: descriptor.identity, what: descriptor.what)
        guard let fixtures else {
            console.debug("no sample data folder for \(descriptor.identity)")
            missing.noSampleData = true
            throw missing
        }
        let response: HTTPResponse
        do {
            response = try fixtures.respondRecorded(descriptor, keeping: endpoint.kept)
        } catch let error as APIError {
            guard case .noRecording = error else { throw error }
            console.debug(error.description)
            missing.covered = fixtures.coverage(for: descriptor)
            throw missing
        }
        guard response.isSuccess else {
            throw LiveClient.error(for: response, descriptor: descriptor, request: RequestPreparer.prepareRecorded(descriptor))
        }
        return Fetched(value: try endpoint.decode(response.body), origin: .fixture, fetchedAt: recordedAt(response), stale: false)
    }

    /// When a recorded answer was recorded: its own set's time, else the sets', else now.
    func recordedAt(_ response: HTTPResponse) -> Date {
        FixtureTransport.recordedAt(of: response) ?? fixtures?.recordedAt ?? clock.now()
    }
}
