import AlmanacCore
import AlmanacHTTP
import Foundation

/// Everything a run needs to know, resolved once from flags and the environment.
package struct Configuration: Sendable {
    /// The program's variables: the process environment over `config.env`.
    package var environment: Environment
    /// The config, data, cache and state folders.
    package var paths: Paths
    /// Timeouts, retries and proxy for every request.
    package var transport: TransportOptions
    /// `--offline` or `ALMANAC_OFFLINE=1`: never touch the network.
    package var offline: Bool
    /// `--refresh`: skip the cache read.
    package var refresh: Bool
    /// `--max-age`: treat cached entries older than this many seconds as stale.
    package var maxAge: TimeInterval?
    /// True under `--verbose`: requests, cache decisions and timings go to stderr.
    package var verbose: Bool
    /// `--no-wait`: when the Twelve Data credits are spent and nothing is cached, fail (exit 75)
    /// instead of waiting for the next minute.
    package var noWait: Bool
    /// No routine notes on stderr (a status bar running `--format line` every few seconds).
    package var quietNotes = false
    /// A status-bar glance (`--format` with a status line, `almanac line`): a stale answer prints
    /// at once and a detached refresher fetches behind it (docs/architecture.md §4, "Glances").
    package var glance = false
    /// This process is a glance's detached refresher (`ALMANAC_REFRESHER=1`): it sends only when
    /// it can take the resource's lock at once, and never starts another refresher. Read from the
    /// process environment only: no `.env` or config file can make a run one.
    package var isRefresher: Bool { Invocation.environment[GlanceRefresher.variable] == "1" }
    /// The keys no cache file may hold, for an answer of `provider`: its own key (four characters
    /// or more), and every other key set — by the providers' convention of naming their key
    /// variables `…_API_KEY` (`ProviderCatalogueTests` holds every provider to it) — long enough
    /// to be one (12 characters or more: a word such as `true` in some other program's
    /// variable is never taken for a key and scrubbed out of an answer).
    package func secrets(answering provider: Provider) -> [String] {
        let others = environment.values.keys.filter { $0.hasSuffix("_API_KEY") }.compactMap { environment[$0] }.filter { $0.count >= 12 }
        let own = key(for: provider).map { $0.count >= 4 ? [$0] : [] } ?? []
        return Array(Set(own + others)).sorted()
    }

    /// When a one-shot command must be done with the network (`RunDeadline`); nil for the front
    /// ends that stay (the app, the menu, a watch, the deals browser), whose requests each get
    /// `--timeout`.
    package var deadline: RunDeadline?
    /// Whether the user gave `--timeout` (the deadline is then fixed: a wait never moves it).
    package var timeoutGiven: Bool
    /// Largest total cache size in bytes; `ALMANAC_CACHE_MAX_MB`, 100 MB by default.
    package var cacheLimitBytes: Int
    /// The folder of recorded responses: `ALMANAC_FIXTURES`, else the shipped set.
    package var fixturesFolder: URL?
    /// How `fixturesFolder` was found (installed, the checkout, a variable); nil when not found.
    package var fixturesOrigin: FixtureLocator.Origin?
    /// Where `almanac fixtures record` writes by default: `<data>/fixtures`.
    package var userFixturesFolder: URL { paths.data.appendingPathComponent("fixtures") }

    /// The fixture sets sample mode reads, most preferred first: `ALMANAC_FIXTURES` alone when set;
    /// else the user's own recordings (when they have a manifest), then the shipped set.
    package var fixtureFolders: [URL] {
        if environment["ALMANAC_FIXTURES"] != nil { return fixturesFolder.map { [$0] } ?? [] }
        var folders: [URL] = []
        if FileStamp(path: userFixturesFolder.appendingPathComponent(FixtureManifest.fileName).path) != .absent {
            folders.append(userFixturesFolder)
        }
        if let fixturesFolder { folders.append(fixturesFolder) }
        return folders
    }

    /// A configuration from its parts; `Configuration.load` reads the usual ones.
    package init(
        environment: Environment, offline: Bool = false, refresh: Bool = false,
        maxAge: TimeInterval? = nil, verbose: Bool = false, timeout: TimeInterval? = nil,
        executablePath: String? = nil, noWait: Bool = false
    ) {
        self.environment = environment
        self.paths = Paths.resolve(environment)
        var transport = TransportOptions()
        if let timeout {
            transport.totalTimeout = timeout
            transport.connectTimeout = min(transport.connectTimeout, timeout)
        }
        transport.allowInsecureHTTP = environment.flag("ALMANAC_ALLOW_INSECURE_HTTP")
        if let agent = environment["ALMANAC_USER_AGENT"]?.trimmingWhitespace(), !agent.isEmpty { transport.userAgent = agent }
        self.transport = transport
        self.timeoutGiven = timeout != nil
        self.offline = offline || environment.flag("ALMANAC_OFFLINE")
        self.refresh = refresh
        self.maxAge = maxAge
        self.verbose = verbose || environment.flag("ALMANAC_VERBOSE")
        self.noWait = noWait
        self.cacheLimitBytes = (Int(environment["ALMANAC_CACHE_MAX_MB"] ?? "") ?? 100) * 1024 * 1024
        let found = FixtureLocator.find(environment: environment, executablePath: executablePath)
        self.fixturesFolder = found?.url
        self.fixturesOrigin = found?.origin
    }

    /// The transport limits for a request sent now: the run's, cut to what is left before the
    /// deadline. Nil when the deadline has passed.
    package func transportNow(_ now: Date = Date()) -> TransportOptions? {
        guard let deadline else { return transport }
        let left = deadline.left(at: now)
        guard left > 0.05 else { return nil }
        var options = transport
        options.totalTimeout = min(options.totalTimeout, left)
        options.connectTimeout = min(options.connectTimeout, left)
        return options
    }

    /// Bounds the run by one deadline from `start` (docs/architecture.md §3, "Time budgets"):
    /// fixed when the user gave `--timeout` or the run is a status-bar glance.
    package mutating func bound(from start: Date = Date()) {
        deadline = RunDeadline(start: start, seconds: transport.totalTimeout, fixed: timeoutGiven || glance)
    }

    /// The API key for a provider, or nil when unset or not needed.
    package func key(for provider: Provider) -> String? {
        provider.keyVariable.flatMap { environment[$0] }
    }

    /// The provider's base URL: its `ALMANAC_<PROVIDER>_URL` variable, else its own.
    package func baseURL(for provider: Provider) -> String {
        environment[provider.urlVariable] ?? provider.defaultBaseURL
    }

    /// Where a provider's data comes from this run (docs/architecture.md §3).
    package func mode(for provider: Provider) -> ProviderMode {
        if offline { return .offline }
        if provider.keyVariable != nil, key(for: provider) == nil { return .missingKey }
        return .live
    }
}

/// How one provider is reached during a run.
package enum ProviderMode: String, Sendable, Codable {
    /// Through the network and the cache.
    case live
    /// `--offline`: cache, then fixtures.
    case offline
    /// No key: cache, then fixtures, with a one-line notice.
    case missingKey = "sample"
}
