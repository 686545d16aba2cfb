import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Variables as the program sees them after merging the layers of configuration.
///
/// Precedence: process environment > `.env` in the current folder (fills only unset
/// variables) > the config file (`<config>/config.env`) > built-in default.
/// Command-line flags are applied on top by the caller.
public struct Environment: Sendable, Equatable {
    /// Every variable, by name.
    public private(set) var values: [String: String]

    /// The variables given (none by default).
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The value of `name`; nil when unset or empty.
    public subscript(name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// Whether a variable is set to a true-ish value (`1`, `true`, `yes`, `on`).
    public func flag(_ name: String) -> Bool {
        guard let value = self[name]?.lowercased() else { return false }
        return ["1", "true", "yes", "on"].contains(value)
    }

    /// Adds variables that are not set yet.
    public mutating func fill(from other: [String: String]) {
        for (name, value) in other where values[name] == nil {
            values[name] = value
        }
    }

    /// Sets `name` (nil unsets it).
    public mutating func set(_ name: String, _ value: String?) {
        values[name] = value
    }

    /// Builds the merged environment for a run.
    public static func load(
        process: [String: String] = ProcessEnvironment.variables(),
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> Environment {
        var environment = Environment(process)
        environment.fill(from: DotEnv.parseFile(at: currentDirectory + "/.env"))
        let paths = Paths.resolve(environment)
        environment.fill(from: DotEnv.parseFile(at: paths.configFile.path))
        return environment
    }
}
