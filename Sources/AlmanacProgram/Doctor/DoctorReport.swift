import AlmanacClient
import AlmanacProviders
import Crypto
import Foundation
import FrontKit
import Weather

/// `doctor --json`: the report, and each feature's section under its key (`DoctorSection`).
struct DoctorDocument: Encodable {
    let report: DoctorReport
    let sections: [DoctorSection]

    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        for section in sections { try section.json.encode(to: container.superEncoder(forKey: Key(stringValue: section.key))) }
    }
}

/// What `almanac doctor` reports of the program: providers, folders, and optional live checks.
package struct DoctorReport: Codable, Sendable {
    /// One provider as configured.
    package struct ProviderStatus: Codable, Sendable {
        /// Its stored name.
        package var provider: String
        /// Its product name.
        package var name: String
        /// The variable holding its key; nil for a keyless provider.
        package var keyVariable: String?
        /// Whether the key is set; its characters are never reported.
        package var keySet: Bool
        /// The address requests go to.
        package var baseURL: String
        /// `live`, `offline` or `sample`.
        package var mode: String
        /// Where answers will come from, in words: `live, cache first; sample data if unreachable`.
        package var answers: String?
        /// The result of `doctor --check`; nil without it.
        package var check: CheckResult?
    }

    /// One provider's check.
    package struct CheckResult: Codable, Sendable {
        /// True when it answered as expected.
        package var ok: Bool
        /// Milliseconds to the answer.
        package var latencyMs: Int?
        /// What went wrong, in words.
        package var error: String?
    }

    /// One of the program's folders.
    package struct Folder: Codable, Sendable {
        /// `config`, `data`, `cache` or `state`.
        package var role: String
        /// Its path.
        package var path: String
        /// True when the program can write there.
        package var writable: Bool
    }

    /// A fixture set sample mode reads, in the order it is searched.
    package struct FixtureSet: Codable, Sendable {
        /// The set's folder.
        package var path: String
        /// The day it was recorded, from its manifest.
        package var recordedOn: String?
        /// Recordings its manifest lists.
        package var recordings: Int?
        /// `yours` (recorded with `fixtures record`), `shipped`, or `ALMANAC_FIXTURES`.
        package var kind: String
    }

    /// One variable the program reads, and where its value came from (never the value).
    package struct Setting: Codable, Sendable {
        /// Its name.
        package var variable: String
        /// `environment`, `.env` or `config file`.
        package var from: String
    }

    /// The program's variables that are set, by name, with where each came from.
    package var settings: [Setting] = []
    /// Variables the current folder's `.env` tried to set and that were ignored (where requests go).
    package var ignored: [String] = []

    /// `almanac <version>`.
    package var version: String
    /// The sample data sets, most preferred first.
    package var fixtureSets: [FixtureSet] = []
    /// Every provider.
    package var providers: [ProviderStatus]
    /// The four folders.
    package var folders: [Folder]
    /// Where the sample data was found, in words; nil when none is installed.
    package var fixtures: String?
    /// The Twelve Data credit budget as this machine counts it.
    package var credits: CreditUsage?

    /// True unless a live check failed.
    package var healthy: Bool { providers.allSatisfy { $0.check?.ok ?? true } }
}
