import AlmanacCore
import AlmanacHTTP
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
        func folder(_ path: String) -> URL { URL(fileURLWithPath: path, isDirectory: true) }
        return Paths(
            config: folder(configPath(environment)), data: folder(path("data", "XDG_DATA_HOME", ".local/share") { environment[$0] }),
            cache: folder(path("cache", "XDG_CACHE_HOME", ".cache") { environment[$0] }),
            state: folder(statePath { environment[$0] }))
    }

    /// The state folder as text, each variable read by `value`: what a path inside it needs
    /// (`almanac serve`'s socket) without the other folders' URLs.
    package static func statePath(_ value: (String) -> String?) -> String { path("state", "XDG_STATE_HOME", ".local/state", value) }

    /// `config.env` in the config folder, as text (what reading the variables needs, without URLs).
    package static func configFilePath(_ environment: Environment) -> String { joined(configPath(environment), "config.env") }

    private static func configPath(_ environment: Environment) -> String {
        path("config", "XDG_CONFIG_HOME", ".config") { environment[$0] }
    }

    /// `name` below `ALMANAC_HOME`, else `almanac` in the XDG folder `variable` names (`fallback`
    /// under the home folder when unset).
    private static func path(_ name: String, _ variable: String, _ fallback: String, _ value: (String) -> String?) -> String {
        if let home = value("ALMANAC_HOME") { return joined(home, name) }
        return joined(value(variable) ?? joined(value("HOME") ?? NSHomeDirectory(), fallback), "almanac")
    }

    private static func joined(_ base: String, _ name: String) -> String { base.hasSuffix("/") ? base + name : base + "/" + name }
}
