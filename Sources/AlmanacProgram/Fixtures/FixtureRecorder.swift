import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Crypto
import Foundation
import FrontKit
import Fruit
import Weather

/// `almanac fixtures record`: turns live answers (or the cache) into a fixture set that sample
/// mode replays — in the documented format, every secret scrubbed, with a manifest.
///
/// Live, it runs the requests sample mode needs through the real features (the saved cities or
/// Moscow and London, the watchlist, a week of history, the pair catalogue, the fruit catalogue,
/// one fruit and one family; keyless, the saved cities or Oslo, New York, Berlin, London and Moscow with their
/// official warnings), with an empty cache of its own so each answer comes from the network.
package struct FixtureRecorder: Sendable {
    /// One provider's line of the summary.
    package struct Line: Codable, Sendable, Equatable {
        /// The provider's stored name.
        package var provider: String
        /// Requests recorded.
        package var requests: Int
        /// Bytes written.
        package var bytes: Int
        /// Occurrences of a key removed from what was written.
        package var secretsScrubbed: Int
        /// Why the provider was not recorded (no key), or nil.
        package var skipped: String?
        /// What failed, one sentence each.
        package var failures: [String]
    }

    /// What a recording run did.
    package struct Summary: Codable, Sendable {
        /// The folder written to.
        package var folder: String
        /// One line per provider.
        package var lines: [Line]
        /// Whether anything was written (a run that recorded nothing writes nothing).
        package var written = true
        /// True when no provider had a failure.
        package var complete: Bool { lines.allSatisfy(\.failures.isEmpty) }
        /// The providers the written set holds answers of.
        package var holds: [String] { lines.filter { $0.requests > 0 }.map(\.provider) }
    }

    let context: AppContext

    /// A recorder for the run's configuration (its keys and base URLs).
    package init(context: AppContext) {
        self.context = context
    }

    /// Providers as the user names them, each with the providers it records.
    package static let choices: [String: [Provider]] = Dictionary(grouping: Provider.allCases, by: \.recordedAs)

    // MARK: - Live

    /// Records live answers for `providers` into `folder`.
    package func recordLive(_ providers: [Provider], to folder: URL) async throws -> Summary {
        var configuration = context.configuration
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        configuration.paths.cache = scratch
        configuration.refresh = false
        // Each recording client's own send policies follow the answers too (`SendPolicies`).
        let collector = ResponseCollector(next: nil)
        var failures: [Provider: [String]] = [:]
        var skipped: [Provider: String] = [:]
        for provider in Self.groups(providers) {
            if configuration.mode(for: provider) != .live {
                skipped[provider] = configuration.offline ? "working offline asks for no network" : "\(provider.keyVariable ?? "its key") is not set"
                continue
            }
            let recording = recordingContext(configuration, cache: scratch, collector: collector)
            for (what, step) in steps(for: provider, context: recording) {
                do { try await step() } catch { failures[provider, default: []].append("\(what): \(ErrorText.describe(error))") }
            }
        }
        let exchanges = collector.exchanges.map { (descriptor: $0.0, body: $0.1.body) }
        return try write(exchanges, providers: providers, to: folder, failures: failures, skipped: skipped)
    }

    /// A context whose requests all go out (an empty cache of its own) and are collected.
    private func recordingContext(_ configuration: Configuration, cache: URL, collector: ResponseCollector) -> AppContext {
        var live = context.client.live
        live.configuration = configuration
        live.observer = collector
        let client = DataClient(
            configuration: configuration, live: live, cache: JSONFileCache(folder: cache, console: context.console), fixtures: nil,
            clock: context.clock, console: context.console)
        return AppContext(configuration: configuration, console: context.console, client: client, clock: context.clock, waits: context.waits)
    }

    /// The first provider of each user-facing group (OpenWeather's pro host rides with it, and
    /// Open-Meteo's two hosts with MET Norway).
    static func groups(_ providers: [Provider]) -> [Provider] {
        providers.filter { group(of: $0) == $0 }
    }

    /// Each feature's steps for `provider` (`Feature.recording`).
    private func steps(for provider: Provider, context: AppContext) -> [Feature.RecordingStep] {
        Features.all.flatMap { $0.recording(provider, context) }
    }

    // MARK: - From the cache

    /// Turns what is cached now into fixtures; no network at all.
    package func recordFromCache(_ providers: [Provider], to folder: URL) throws -> Summary {
        var exchanges: [(descriptor: RequestDescriptor, body: Data)] = []
        for (entry, _, _) in context.client.answers.cache.list() where providers.contains(entry.provider) && (200..<300).contains(entry.status) {
            guard let descriptor = Self.descriptor(fromIdentity: entry.key, name: entry.name) else { continue }
            exchanges.append((descriptor, entry.body))
        }
        return try write(exchanges, providers: providers, to: folder, failures: [:], skipped: [:])
    }

    /// `provider GET /path?a=1&b=2` back into a descriptor; nil for keys that are not requests.
    static func descriptor(fromIdentity identity: String, name: String) -> RequestDescriptor? {
        let parts = identity.split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count == 3, let provider = Provider(rawValue: parts[0]), let method = HTTPMethod(rawValue: parts[1]),
            parts[2].hasPrefix("/")
        else { return nil }
        let target = parts[2].split(separator: "?", maxSplits: 1).map(String.init)
        let query =
            target.count > 1
            ? target[1].split(separator: "&").map { pair -> QueryItem in
                let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                return QueryItem(kv[0], kv.count > 1 ? kv[1] : "")
            } : []
        return RequestDescriptor(provider: provider, name: name, method: method, path: target[0], query: query, ttl: 0)
    }
}
