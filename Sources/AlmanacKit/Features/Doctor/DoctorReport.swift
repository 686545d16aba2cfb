import Foundation

/// What `almanac doctor` reports: providers, folders, and optional live checks.
public struct DoctorReport: Codable, Sendable {
    public struct ProviderStatus: Codable, Sendable {
        public var provider: String
        public var name: String
        public var keyVariable: String?
        /// Whether the key is set; its characters are never reported.
        public var keySet: Bool
        public var baseURL: String
        /// `live`, `offline` or `sample`.
        public var mode: String
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

    public var version: String
    public var providers: [ProviderStatus]
    public var folders: [Folder]
    public var fixtures: String?
    /// The Twelve Data credit budget as this machine counts it.
    public var credits: CreditUsage?

    /// True unless a live check failed.
    public var healthy: Bool { providers.allSatisfy { $0.check?.ok ?? true } }
}
