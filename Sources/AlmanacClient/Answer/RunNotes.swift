import AlmanacCore
import AlmanacHTTP
import Foundation
import Synchronization

/// The notes a run says about its providers (docs/architecture.md §3, "Who answers"): a missing key,
/// an unreachable provider, a deprecated product, a stale answer that stands — the first three once a run per provider, the first two
/// never on a status line, and a missing key or a deprecation once a day (remembered in the
/// state folder) unless `--verbose`.
package final class RunNotes: Sendable {
    private let configuration: Configuration
    private let console: Console
    private let clock: any Clock
    /// The sample data, for the day it was recorded ("showing sample data recorded on …").
    private let fixtures: FixtureTransport?
    /// Providers whose missing key was already dealt with this run.
    private let keyNotes = Mutex<Set<Provider>>([])
    /// Providers (by brand: Open-Meteo's two hosts are one) already noted as unreachable.
    private let unreachableNoted = Mutex<Set<String>>([])

    init(configuration: Configuration, console: Console, clock: any Clock, fixtures: FixtureTransport?) {
        (self.configuration, self.console, self.clock, self.fixtures) = (configuration, console, clock, fixtures)
    }

    /// "KEY is not set; showing sample data" — not for reference data read beside an answer
    /// (`RequestDescriptor.reference`: a catalogue read for names while another provider
    /// prices). The `Source:` line and `--json` still say where data came from.
    func missingKey(_ descriptor: RequestDescriptor) {
        guard !descriptor.reference else { return }
        let provider = descriptor.provider
        let variable = provider.keyVariable ?? ""
        let text = "\(provider.brand): \(variable) is not set; showing sample data. Set \(variable) for live data."
        if configuration.verbose { return console.noteOnce(text) }
        if configuration.quietNotes || !keyNotes.withLock({ $0.insert(provider).inserted }) { return }
        onceADay(text, key: "missing-key-\(provider.rawValue)")
    }

    /// `keyless` cannot be reached, so `keyed`'s sample data answers: one note saying so, in
    /// place of `keyed`'s missing-key note (a key is not what is missing).
    package func keylessFallback(_ keyless: Provider, instead keyed: Provider) {
        keyNotes.withLock { _ = $0.insert(keyed) }
        unreachable(keyless)
    }

    /// "<provider> unreachable; showing sample data recorded on <day>.", after its sample answer
    /// was found — never before an answer that is not shown.
    func unreachable(_ provider: Provider, recordedAt: Date? = nil) {
        let name = provider.brand
        let first = unreachableNoted.withLock { $0.insert(name).inserted }
        let day = (recordedAt.map { LocalDate.utc($0) } ?? fixtures?.recordedOn).map { " recorded on \($0)" } ?? ""
        if first, !configuration.quietNotes { console.noteForAnswer("\(name) unreachable; showing sample data\(day).") }
    }

    /// A 203 answer: the provider says this product version is deprecated.
    func deprecated(_ provider: Provider) {
        let text =
            "warning: \(provider.displayName) says the product this version of almanac uses is deprecated (HTTP 203); it still answers, but a newer almanac will be needed."
        if configuration.verbose { return console.noteOnce(text) }
        onceADay(text, key: "deprecated-\(provider.rawValue)")
    }

    /// "warning: showing the forecast cached 3 min ago: <reason>" — a stale answer stands.
    func staleStands(_ what: String, fetchedAt: Date, reason: String) {
        console.warn("showing the \(what) cached \(Age.describe(clock.now().timeIntervalSince(fetchedAt))) ago: \(reason)")
    }

    /// Says `text` the first time today that `key` comes up.
    private func onceADay(_ text: String, key: String) {
        if NoticeLog(stateFolder: configuration.paths.state).firstToday(key, day: LocalDate.local(clock.now())) { console.note(text) }
    }
}
