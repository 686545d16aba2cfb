import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Who answers this run (docs/architecture.md §3, "Who answers"): the client resolves it once,
/// from the keys and the saved choices, and every feature and note asks it.
extension DataClient {
    /// The run's sources: resolved on first use from the keys and the saved choices
    /// (`savedChoices`; a document that cannot be read counts as `auto`).
    package var sources: RunSources {
        resolvedSources.withLock { resolved in
            if let resolved { return resolved }
            let saved = savedChoices()
            let sources = RunSources.resolve(configuration, weather: saved.weather, crypto: saved.crypto)
            resolved = sources
            return sources
        }
    }

    /// Forgets the resolved sources: a provider choice was just saved, so the run decides again.
    package func forgetSources() { resolvedSources.withLock { $0 = nil } }

    /// The recorded answer to an endpoint, read quietly (no note, no cache), stamped with its
    /// set's recording time. Nil when none.
    package func recorded<R>(_ endpoint: Endpoint<R>) async -> Fetched<R>? {
        guard let fixtures, let response = try? await fixtures.send(RequestPreparer.prepareRecorded(endpoint.descriptor)),
            response.isSuccess, let value = try? endpoint.decode(response.body)
        else { return nil }
        return Fetched(value: value, origin: .fixture, fetchedAt: recordedAt(response), stale: false)
    }

    /// When a recorded answer was recorded: its own set's time, else the sets', else now.
    func recordedAt(_ response: HTTPResponse) -> Date {
        FixtureTransport.recordedAt(of: response) ?? fixtures?.recordedAt ?? clock.now()
    }
}
