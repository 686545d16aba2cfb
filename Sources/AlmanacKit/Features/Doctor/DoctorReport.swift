import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// What `almanac doctor` reports: providers, folders, and optional live checks.
public struct DoctorReport: Codable, Sendable {
    /// Which provider answers each weather capability this run, and why.
    public var weather: WeatherSources?
    public struct ProviderStatus: Codable, Sendable {
        public var provider: String
        public var name: String
        public var keyVariable: String?
        /// Whether the key is set; its characters are never reported.
        public var keySet: Bool
        public var baseURL: String
        /// `live`, `offline` or `sample`.
        public var mode: String
        /// Where answers will come from, in words: `live, cache first; sample data if unreachable`.
        public var answers: String?
        public var check: CheckResult?
    }

    public struct CheckResult: Codable, Sendable {
        public var ok: Bool
        public var latencyMs: Int?
        public var error: String?
    }

    public struct Folder: Codable, Sendable {
        public var role: String
        public var path: String
        public var writable: Bool
    }

    /// A fixture set sample mode reads, in the order it is searched.
    public struct FixtureSet: Codable, Sendable {
        public var path: String
        public var recordedOn: String?
        public var recordings: Int?
        /// `yours` (recorded with `fixtures record`), `shipped`, or `ALMANAC_FIXTURES`.
        public var kind: String
    }

    public var version: String
    public var fixtureSets: [FixtureSet] = []
    public var providers: [ProviderStatus]
    public var folders: [Folder]
    public var fixtures: String?
    /// The Twelve Data credit budget as this machine counts it.
    public var credits: CreditUsage?

    /// True unless a live check failed.
    public var healthy: Bool { providers.allSatisfy { $0.check?.ok ?? true } }
}
