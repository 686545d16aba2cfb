import Foundation
import Synchronization

/// Who answers this run (docs/architecture.md §3, "Who answers"), resolved once on first use
/// from the keys and the saved choices (`SavedChoices`; a document that cannot be read counts as
/// `auto`), and again after `forget` — a provider choice was just saved.
package final class SourcesResolver: Sendable {
    private let configuration: Configuration
    /// Reads the provider choices the user saved; the wiring hands it over (`DataClient.standard`).
    package let savedChoices: @Sendable () -> SavedChoices
    private let resolved = Mutex<RunSources?>(nil)

    init(configuration: Configuration, savedChoices: @escaping @Sendable () -> SavedChoices) {
        (self.configuration, self.savedChoices) = (configuration, savedChoices)
    }

    /// The run's sources.
    package var sources: RunSources {
        resolved.withLock { resolved in
            if let resolved { return resolved }
            let saved = savedChoices()
            let sources = RunSources.resolve(configuration, weather: saved.weather, crypto: saved.crypto)
            resolved = sources
            return sources
        }
    }

    /// Forgets the resolved sources: the run decides again.
    package func forget() { resolved.withLock { $0 = nil } }
}
