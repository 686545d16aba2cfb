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
        // Paths joined as text and made URLs once: appending a component to a URL costs more
        // than the rest of this function.
        func folder(_ path: String) -> URL { URL(fileURLWithPath: path, isDirectory: true) }
        func joined(_ base: String, _ name: String) -> String { base.hasSuffix("/") ? base + name : base + "/" + name }
        if let home = environment["ALMANAC_HOME"] {
            return Paths(
                config: folder(joined(home, "config")), data: folder(joined(home, "data")), cache: folder(joined(home, "cache")),
                state: folder(joined(home, "state")))
        }
        let userHome = environment["HOME"] ?? NSHomeDirectory()
        func xdg(_ variable: String, _ fallback: String) -> URL {
            folder(joined(environment[variable] ?? joined(userHome, fallback), "almanac"))
        }
        return Paths(
            config: xdg("XDG_CONFIG_HOME", ".config"), data: xdg("XDG_DATA_HOME", ".local/share"),
            cache: xdg("XDG_CACHE_HOME", ".cache"), state: xdg("XDG_STATE_HOME", ".local/state"))
    }
}
