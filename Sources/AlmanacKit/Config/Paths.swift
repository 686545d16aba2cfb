import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The four folders Almanac uses.
///
/// With `ALMANAC_HOME` they are `config`, `data`, `cache`, `state` below it; otherwise the
/// XDG folders (`$XDG_CONFIG_HOME/almanac`, …) with their usual defaults under `~`.
package struct Paths: Sendable, Equatable {
    /// Settings (`config.env`): `$XDG_CONFIG_HOME/almanac` by default.
    package var config: URL
    /// User documents: `$XDG_DATA_HOME/almanac` by default.
    package var data: URL
    /// Cached answers: `$XDG_CACHE_HOME/almanac` by default.
    package var cache: URL
    /// Credit windows, pauses and refusals: `$XDG_STATE_HOME/almanac` by default.
    package var state: URL

    /// `config.env` in the config folder.
    package var configFile: URL { config.appendingPathComponent("config.env") }

    /// The four folders as given.
    package init(config: URL, data: URL, cache: URL, state: URL) {
        self.config = config
        self.data = data
        self.cache = cache
        self.state = state
    }

    /// The folders below `ALMANAC_HOME` when set, else the XDG folders with their defaults under `~`.
    package static func resolve(_ environment: Environment) -> Paths {
        // Paths joined as text and made URLs once: appending a component to a URL, or reading
        // one's path back, costs more than the rest of this function.
        func folder(_ name: String) -> URL { URL(fileURLWithPath: path(of: name, environment), isDirectory: true) }
        return Paths(config: folder("config"), data: folder("data"), cache: folder("cache"), state: folder("state"))
    }

    /// `config.env`'s path, as text (what reading the variables needs, without URLs).
    package static func configFilePath(_ environment: Environment) -> String {
        joined(path(of: "config", environment), "config.env")
    }

    /// The folder's path: `name` below `ALMANAC_HOME`, else its XDG folder.
    private static func path(of name: String, _ environment: Environment) -> String {
        if let home = environment["ALMANAC_HOME"] { return joined(home, name) }
        let (variable, fallback) =
            switch name {
            case "config": ("XDG_CONFIG_HOME", ".config")
            case "data": ("XDG_DATA_HOME", ".local/share")
            case "cache": ("XDG_CACHE_HOME", ".cache")
            default: ("XDG_STATE_HOME", ".local/state")
            }
        return joined(environment[variable] ?? joined(environment["HOME"] ?? NSHomeDirectory(), fallback), "almanac")
    }

    private static func joined(_ base: String, _ name: String) -> String { base.hasSuffix("/") ? base + name : base + "/" + name }
}
