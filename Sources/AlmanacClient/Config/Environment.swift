import AlmanacCore
import AlmanacHTTP
import Foundation

/// Variables as the program sees them after merging the layers of configuration.
///
/// Precedence: process environment > `.env` in the current folder (fills only unset
/// variables) > the config file (`<config>/config.env`) > built-in default.
/// Command-line flags are applied on top by the caller.
///
/// A `.env` in the current folder is not trusted with where requests go or how they are
/// protected (docs/architecture.md §2): such lines are ignored and listed in `ignoredFromDotEnv`.
/// The config file is the one the process environment names, never one a `.env` points at.
package struct Environment: Sendable, Equatable {
    /// Where a variable's value was read.
    package enum Origin: String, Sendable, Codable {
        /// The process environment (the shell, a service manager, a test).
        case environment
        /// `.env` in the current folder.
        case dotEnv = ".env"
        /// The user's own `<config>/config.env`.
        case configFile = "config file"
    }

    /// Every variable, by name.
    package private(set) var values: [String: String]
    /// Where each variable in `values` came from.
    package private(set) var origins: [String: Origin]
    /// Variables the current folder's `.env` set that decide where requests go, ignored (sorted).
    package private(set) var ignoredFromDotEnv: [String] = []
    /// The `.env` file read, when it had any variable.
    package private(set) var dotEnvPath: String?

    /// The variables given (none by default), as if from the process environment.
    package init(_ values: [String: String] = [:]) {
        self.values = values
        self.origins = values.mapValues { _ in .environment }
    }

    /// The value of `name`; nil when unset or empty.
    package subscript(name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// Whether a variable is set to a true-ish value (`1`, `true`, `yes`, `on`).
    package func flag(_ name: String) -> Bool {
        guard let value = self[name]?.lowercased() else { return false }
        return ["1", "true", "yes", "on"].contains(value)
    }

    /// Adds variables that are not set yet, noting where they came from.
    package mutating func fill(from other: [String: String], origin: Origin = .environment) {
        for (name, value) in other where values[name] == nil {
            values[name] = value
            origins[name] = origin
        }
    }

    /// Sets `name` (nil unsets it).
    package mutating func set(_ name: String, _ value: String?) {
        values[name] = value
        origins[name] = value == nil ? nil : .environment
    }

    /// Whether `name` says where a request goes or how it is protected — every `ALMANAC_*_URL`,
    /// `ALMANAC_ALLOW_INSECURE_HTTP`, `ALMANAC_USER_AGENT`, the proxy and TLS certificate
    /// variables — or where the user's data is kept and which sample data answers: `ALMANAC_HOME`,
    /// `XDG_*_HOME`, `ALMANAC_FIXTURES`, `ALMANAC_FIXTURES_DIR` — or which program `--notify` runs
    /// (`ALMANAC_NOTIFY_COMMAND`). Only the process environment and the config file may set these;
    /// a folder's `.env` never does.
    package static func isGuarded(_ name: String) -> Bool {
        if name.hasPrefix("ALMANAC_") && name.hasSuffix("_URL") { return true }
        if name.hasPrefix("XDG_") && name.hasSuffix("_HOME") { return true }
        return guarded.contains(name) || guarded.contains(name.lowercased())
    }

    private static let guarded: Set<String> = [
        "ALMANAC_ALLOW_INSECURE_HTTP", "ALMANAC_USER_AGENT", "http_proxy", "https_proxy", "all_proxy", "no_proxy",
        "CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR", "ALMANAC_HOME", "ALMANAC_FIXTURES", "ALMANAC_FIXTURES_DIR",
        "ALMANAC_NOTIFY_COMMAND",
    ]

    /// The one warning for a `.env` whose request settings were ignored; nil when none were.
    package var dotEnvWarning: String? {
        guard !ignoredFromDotEnv.isEmpty, let dotEnvPath else { return nil }
        let names = ignoredFromDotEnv.joined(separator: ", ")
        let verb = ignoredFromDotEnv.count == 1 ? "sets" : "set"
        return "\(dotEnvPath) \(verb) \(names); ignored: where requests go, how they are protected and where your "
            + "data is kept come only from the environment or your config file."
    }

    /// Builds the merged environment for a run.
    package static func load(
        process: [String: String] = Invocation.environment,
        currentDirectory: String = Invocation.directory
    ) -> Environment {
        var environment = Environment(process)
        let dotEnvPath = currentDirectory + "/.env"
        let local = DotEnv.parseFile(at: dotEnvPath)
        if !local.isEmpty { environment.dotEnvPath = dotEnvPath }
        environment.ignoredFromDotEnv = local.filter { isGuarded($0.key) && !$0.value.isEmpty }.keys.sorted()
        environment.fill(from: local.filter { !isGuarded($0.key) }, origin: .dotEnv)
        // The config file the user's own environment names: a `.env` cannot point at another.
        environment.fill(from: DotEnv.parseFile(at: Paths.configFilePath(Environment(process))), origin: .configFile)
        return environment
    }
}
