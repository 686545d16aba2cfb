import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The four folders Almanac uses.
///
/// With `ALMANAC_HOME` they are `config`, `data`, `cache`, `state` below it; otherwise the
/// XDG folders (`$XDG_CONFIG_HOME/almanac`, …) with their usual defaults under `~`.
public struct Paths: Sendable, Equatable {
    public var config: URL
    public var data: URL
    public var cache: URL
    public var state: URL

    public var configFile: URL { config.appendingPathComponent("config.env") }

    public init(config: URL, data: URL, cache: URL, state: URL) {
        self.config = config
        self.data = data
        self.cache = cache
        self.state = state
    }

    public static func resolve(_ environment: Environment) -> Paths {
        if let home = environment["ALMANAC_HOME"] {
            let root = URL(fileURLWithPath: home, isDirectory: true)
            return Paths(
                config: root.appendingPathComponent("config"), data: root.appendingPathComponent("data"),
                cache: root.appendingPathComponent("cache"), state: root.appendingPathComponent("state"))
        }
        let userHome = environment["HOME"] ?? NSHomeDirectory()
        func xdg(_ variable: String, _ fallback: String) -> URL {
            let base = environment[variable] ?? (userHome + "/" + fallback)
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("almanac")
        }
        return Paths(
            config: xdg("XDG_CONFIG_HOME", ".config"), data: xdg("XDG_DATA_HOME", ".local/share"),
            cache: xdg("XDG_CACHE_HOME", ".cache"), state: xdg("XDG_STATE_HOME", ".local/state"))
    }
}
