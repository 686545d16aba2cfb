import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import ArgumentParser
import Foundation
import TerminalKit

/// What a run was asked for on the command line, whichever options its command offers.
package struct RunSettings: Equatable {
    package var offline = false
    package var refresh = false
    package var maxAge: Double?
    package var json = false
    package var noColor = false
    package var verbose = false
    package var noWait = false
    package var timeout: Double?
}

/// A command's common options, as the runner reads them.
package protocol RunOptions: ParsableArguments {
    var settings: RunSettings { get }
}

/// Options of every command that reads providers: output (`LocalOptions`), and how the network
/// and cache are used. The output options are their own group so that a local command's
/// `LocalOptions` and the root command's share them when parsed.
package struct GlobalOptions: RunOptions {
    package init() {}

    @OptionGroup package var output: LocalOptions

    @OptionGroup package var cache: CacheOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Total time the command may take on the network, every request and wait included; a wait for credits that cannot fit is refused at once. Without it, each request gets 20 s and a credit wait adds its own length.",
            valueName: "seconds"))
    package var timeout: TypedNumber<TimeoutNumber>?

    package var json: Bool { output.json }
    package var verbose: Bool { output.verbose }

    package var settings: RunSettings {
        RunSettings(
            offline: cache.offline, refresh: cache.refresh, maxAge: cache.seconds, json: output.json, noColor: output.noColor,
            verbose: output.verbose, timeout: (try? timeout?.value()) ?? nil)  // validated
    }

    package func validate() throws {
        try validating { _ = try timeout?.value() }
    }
}

/// How a run uses the network and the cache: `--offline`, `--refresh`, `--max-age` — the group
/// every command that reads providers and every session share.
package struct CacheOptions: ParsableArguments {
    package init() {}

    @Flag(help: OptionHelp.offline)
    package var offline = false

    @Flag(help: OptionHelp.refresh)
    package var refresh = false

    @Option(name: .customLong("max-age"), parsing: .unconditional, help: OptionHelp.maxAge)
    package var maxAge: TypedNumber<MaxAgeNumber>?

    /// `--max-age` in seconds (validated).
    package var seconds: Double? { (try? maxAge?.value()) ?? nil }

    package func validate() throws {
        try validating { _ = try maxAge?.value() }
    }
}

/// `Base`'s options and `--no-wait`, for a command whose requests a send policy may hold
/// (crypto's credit budget), which no other command's help lists.
package struct Waiting<Base: RunOptions>: RunOptions {
    package init() {}

    @OptionGroup package var base: Base

    @Flag(name: .customLong("no-wait"), help: OptionHelp.noWait)
    package var noWait = false

    package var settings: RunSettings {
        var settings = base.settings
        settings.noWait = noWait
        return settings
    }
}

/// The network options and `--no-wait`: crypto, `line`, the root command.
package typealias WaitingOptions = Waiting<GlobalOptions>
/// A session's options and `--no-wait`: the app and the menu.
package typealias WaitingSessionOptions = Waiting<SessionOptions>

/// The help of the options several groups offer, said once.
enum OptionHelp {
    static let offline: ArgumentHelp = "Never touch the network: answer from the cache, then sample data."
    static let refresh: ArgumentHelp = "Skip the cache read and fetch fresh data."
    static let maxAge = ArgumentHelp("Treat cached data older than this as stale.", valueName: "seconds")
    static let noWait: ArgumentHelp = "When the Twelve Data credits are spent and nothing is cached, exit 75 instead of waiting."
    static let noColor: ArgumentHelp = "No ANSI colour."
    static let verbose: ArgumentHelp = "Log requests (keys redacted), cache decisions and timings to stderr."
}

/// Options of a full-screen or guided session (the deals browser; with `--no-wait`, the app and
/// the menu: `WaitingSessionOptions`): how the network and the cache are used and how it looks.
/// No `--json` (a session draws; it prints no document) and no `--timeout` (each of its requests
/// gets its own time).
package struct SessionOptions: RunOptions {
    package init() {}

    @OptionGroup package var cache: CacheOptions

    @Flag(name: .customLong("no-color"), help: OptionHelp.noColor)
    package var noColor = false

    @Flag(name: .shortAndLong, help: OptionHelp.verbose)
    package var verbose = false

    package var settings: RunSettings {
        RunSettings(offline: cache.offline, refresh: cache.refresh, maxAge: cache.seconds, noColor: noColor, verbose: verbose)
    }
}

/// Options of a command that never reads a provider (exams, profile, saved cities, the cache):
/// only those that can change what it does — no network options in its help.
package struct LocalOptions: RunOptions {
    package init() {}

    @Flag(help: "Print one JSON document instead of tables.")
    package var json = false

    @Flag(name: .customLong("no-color"), help: OptionHelp.noColor)
    package var noColor = false

    @Flag(name: .shortAndLong, help: OptionHelp.verbose)
    package var verbose = false

    package var settings: RunSettings { RunSettings(json: json, noColor: noColor, verbose: verbose) }
}
