import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Crypto
import Foundation
import FrontKit
import Weather

/// Builds the doctor report; with `check`, sends one cheap live request per live provider.
package struct Doctor: Sendable {
    let context: AppContext

    /// A doctor for the run's configuration and client.
    package init(context: AppContext) {
        self.context = context
    }

    /// Every provider the program knows (`Provider.allCases`, the one list), but OpenWeatherMap's
    /// pro host: it shares the key and is checked with it (`recheckOneCall`).
    static let checkedProviders: [Provider] = Provider.allCases.filter { $0 != .openWeatherPro }

    /// What is configured and chosen; with `check`, one cheap request per provider, timed.
    package func report(check: Bool) async -> DoctorReport {
        let configuration = context.configuration
        var providers: [DoctorReport.ProviderStatus] = []
        let answering = Set(answering.map(\.brand))  // resolved once for every row
        for provider in Self.checkedProviders {
            let mode = configuration.mode(for: provider)
            var status = DoctorReport.ProviderStatus(
                provider: provider.rawValue, name: provider.displayName, keyVariable: provider.keyVariable,
                keySet: configuration.key(for: provider) != nil, baseURL: configuration.baseURL(for: provider),
                mode: mode.rawValue, answers: Self.answers(provider, mode: mode, answering: answering))
            if check, mode == .live {
                // A provider's own Retry-After holds the doctor back too (docs/architecture.md §3).
                if let until = ProviderPause(stateFolder: configuration.paths.state).until(provider, now: Date()) {
                    status.check = .init(ok: true, latencyMs: nil, error: "not checked: it asked for no request before \(until)")
                } else {
                    status.check = await probe(provider)
                    if provider == .openWeather { await recheckOneCall() }
                }
            }
            providers.append(status)
        }
        let paths = configuration.paths
        let folders = [("config", paths.config), ("data", paths.data), ("cache", paths.cache), ("state", paths.state)]
            .map { DoctorReport.Folder(role: $0.0, path: $0.1.path, writable: Self.writable($0.1)) }
        let budget = CreditBudget(configuration: configuration, clock: context.clock)
        var report = DoctorReport(
            version: AlmanacVersion.current, providers: providers, folders: folders,
            fixtures: configuration.fixturesFolder?.path, credits: budget.usage(now: context.clock.now()))
        report.fixtureSets = fixtureSets()
        report.settings = Self.settings(configuration.environment)
        report.ignored = configuration.environment.ignoredFromDotEnv
        return report
    }

    /// The program's own variables that are set, with where each came from, sorted by name.
    static func settings(_ environment: Environment) -> [DoctorReport.Setting] {
        environment.origins.keys.filter(isProgramVariable).sorted().compactMap { name in
            guard environment[name] != nil, let origin = environment.origins[name] else { return nil }
            return DoctorReport.Setting(variable: name, from: origin.rawValue)
        }
    }

    /// Whether the program reads `name`: its own `ALMANAC_*` and `TWELVEDATA_*`, the keys, the XDG
    /// folders and `NO_COLOR`.
    static func isProgramVariable(_ name: String) -> Bool {
        name.hasPrefix("ALMANAC_") || name.hasPrefix("TWELVEDATA_") || name.hasSuffix("_API_KEY")
            || (name.hasPrefix("XDG_") && name.hasSuffix("_HOME")) || name == "NO_COLOR" || Environment.isGuarded(name)
    }

    /// The providers of official warnings: each answers for the places its country holds.
    static let warningProviders = Set(WarningService.allCases.compactMap { Provider.named($0.rawValue) })

    /// Every provider that answers something asked this run: weather's and crypto's as they
    /// resolve, the fruit catalogue's, and Kraken's live trades for the deals.
    var answering: Set<Provider> {
        Features.all.reduce(into: []) { $0.formUnion($1.answering(context)) }
    }

    /// Where `provider`'s answers come from this run, in words; "not used this run" for one whose
    /// brand answers nothing asked (`answering`), but a warning service, which answers for the
    /// places it covers.
    static func answers(_ provider: Provider, mode: ProviderMode, answering: Set<String>) -> String {
        if answering.contains(provider.brand) { return Self.answers(mode, provider: provider) }
        return Self.warningProviders.contains(provider) ? Self.answers(mode, provider: provider) + " (warnings)" : "not used this run"
    }

    /// Where a provider's answers come from this run, in words.
    static func answers(_ mode: ProviderMode, provider: Provider) -> String {
        switch mode {
        case .live: provider.keyVariable == nil ? "live, cache first; sample data if unreachable" : "live, cache first"
        case .offline: "cache, then sample data (offline)"
        case .missingKey: "cache, then sample data (no key)"
        }
    }

    private func fixtureSets() -> [DoctorReport.FixtureSet] {
        let configuration = context.configuration
        let explicit = configuration.environment["ALMANAC_FIXTURES"] != nil
        return configuration.fixtureFolders.map { folder in
            let set = FixtureTransport(folder: folder)
            let recorded = set.recordedOn?.description
            let manifest = set.manifest(folder)
            let shipped = configuration.fixturesOrigin.map { "shipped, \($0.rawValue)" } ?? "shipped"
            let kind = explicit ? "ALMANAC_FIXTURES" : (folder == configuration.userFixturesFolder ? "yours" : shipped)
            return .init(path: folder.path, recordedOn: recorded, recordings: manifest?.recordings.count, kind: kind)
        }
    }

    /// The cheap request used to check a provider: its own (`Provider.probe`), else its root.
    static func probeRequest(_ provider: Provider) -> RequestDescriptor {
        provider.probe?(provider) ?? RequestDescriptor(provider: provider, name: "\(provider.rawValue).root", path: "/", ttl: 0)
    }

    private func probe(_ provider: Provider) async -> DoctorReport.CheckResult {
        var live = context.client.live
        live.retry.maxRetries = 0
        let started = Date()
        let budget = CreditGate.forRun(context).budget
        var reservation: UUID?
        if provider.spendsAllowance {
            guard case .granted(let id) = try? budget.reserve(1, now: context.clock.now()) else {
                return .init(ok: true, latencyMs: nil, error: "not checked: the Twelve Data credits are spent for now")
            }
            reservation = id
        }
        do {
            _ = try await budget.spending(reservation) { try await live.send(Self.probeRequest(provider)) }
            return .init(ok: true, latencyMs: Int(Date().timeIntervalSince(started) * 1000), error: nil)
        } catch {
            return .init(ok: false, latencyMs: nil, error: ErrorText.describe(error))
        }
    }

    /// Asks One Call 3.0 again, so a key whose subscription began is used at once; remembers a
    /// new refusal for a day.
    private func recheckOneCall() async {
        guard let key = context.configuration.key(for: .openWeather) else { return }
        let refusal = OneCallRefusal(stateFolder: context.configuration.paths.state, key: key)
        var live = context.client.live
        live.retry.maxRetries = 0
        do {
            _ = try await live.send(OpenWeather.oneCall(latitude: 51.51, longitude: -0.13, lang: "en").descriptor)
            refusal.forget()
        } catch APIError.unauthorized(_, 401, _) {
            refusal.remember(now: context.clock.now())
        } catch {}
    }

    /// Whether the folder exists (or can be created) and accepts a file.
    static func writable(_ url: URL) -> Bool {
        guard (try? AtomicFile.ensureFolder(url)) != nil else { return false }
        return FileManager.default.isWritableFile(atPath: url.path)
    }
}
