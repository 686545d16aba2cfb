import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// What `almanac doctor` reports: providers, folders, and optional live checks.
public struct DoctorReport: Codable, Sendable {
    /// Which provider answers each weather capability this run, and why.
    public var weather: WeatherSources?
    /// One provider as configured.
    public struct ProviderStatus: Codable, Sendable {
        /// Its stored name.
        public var provider: String
        /// Its product name.
        public var name: String
        /// The variable holding its key; nil for a keyless provider.
        public var keyVariable: String?
        /// Whether the key is set; its characters are never reported.
        public var keySet: Bool
        /// The address requests go to.
        public var baseURL: String
        /// `live`, `offline` or `sample`.
        public var mode: String
        /// Where answers will come from, in words: `live, cache first; sample data if unreachable`.
        public var answers: String?
        /// The result of `doctor --check`; nil without it.
        public var check: CheckResult?
    }

    /// One provider's check.
    public struct CheckResult: Codable, Sendable {
        /// True when it answered as expected.
        public var ok: Bool
        /// Milliseconds to the answer.
        public var latencyMs: Int?
        /// What went wrong, in words.
        public var error: String?
    }

    /// One of the program's folders.
    public struct Folder: Codable, Sendable {
        /// `config`, `data`, `cache` or `state`.
        public var role: String
        /// Its path.
        public var path: String
        /// True when the program can write there.
        public var writable: Bool
    }

    /// A fixture set sample mode reads, in the order it is searched.
    public struct FixtureSet: Codable, Sendable {
        /// The set's folder.
        public var path: String
        /// The day it was recorded, from its manifest.
        public var recordedOn: String?
        /// Recordings its manifest lists.
        public var recordings: Int?
        /// `yours` (recorded with `fixtures record`), `shipped`, or `ALMANAC_FIXTURES`.
        public var kind: String
    }

    /// One variable the program reads, and where its value came from (never the value).
    public struct Setting: Codable, Sendable {
        /// Its name.
        public var variable: String
        /// `environment`, `.env` or `config file`.
        public var from: String
    }

    /// The program's variables that are set, by name, with where each came from.
    public var settings: [Setting] = []
    /// Variables the current folder's `.env` tried to set and that were ignored (where requests go).
    public var ignored: [String] = []

    /// `almanac <version>`.
    public var version: String
    /// The sample data sets, most preferred first.
    public var fixtureSets: [FixtureSet] = []
    /// Every provider.
    public var providers: [ProviderStatus]
    /// The four folders.
    public var folders: [Folder]
    /// Where the sample data was found, in words; nil when none is installed.
    public var fixtures: String?
    /// The Twelve Data credit budget as this machine counts it.
    public var credits: CreditUsage?

    /// True unless a live check failed.
    public var healthy: Bool { providers.allSatisfy { $0.check?.ok ?? true } }
}
