import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import ArgumentParser
import Foundation
import TerminalKit

/// What a run was asked for on the command line, whichever options its command offers.
package struct RunSettings: Equatable, RunOptions {
    package var offline = false
    package var refresh = false
    package var maxAge: Double?
    package var json = false
    package var noColor = false
    package var verbose = false
    package var noWait = false
    package var timeout: Double?

    package var settings: RunSettings { self }
}

/// A command's common options, as the runner reads them.
package protocol RunOptions {
    var settings: RunSettings { get }
}

// The option groups are flat — plain options, no `@OptionGroup` inside but `SessionOptions`'
// one — and a command declares the groups it offers side by side (`ReadsProviders`), for two
// reasons (docs/architecture.md §9, "Option groups"):
// - options written before a subcommand (`almanac --json exams list`) are read by the root
//   command, and a subcommand's group receives them when it is of the same type as one the root
//   read: so the root reads each group a subcommand may offer, and each option is in one group;
// - a debug build of the argument parser checks every group on every parse, and each check builds
//   the groups nested in it again: the work grows as a power of the nesting depth (it was two
//   thirds of the in-process tests' time at three levels). `make lint` holds the depth.

/// What a command that reads providers was given: output, cache use, `--timeout` and, where the
/// command offers it, `--no-wait`.
package struct GlobalOptions: RunOptions {
    package var output: LocalOptions
    package var cache: CacheOptions
    package var deadline: TimeoutOptions
    package var noWait = false

    package var json: Bool { output.json }
    package var verbose: Bool { output.verbose }

    package var settings: RunSettings {
        RunSettings(
            offline: cache.offline, refresh: cache.refresh, maxAge: cache.seconds, json: output.json, noColor: output.noColor,
            verbose: output.verbose, noWait: noWait, timeout: deadline.seconds)
    }
}

/// A command that reads providers: it declares `@OptionGroup var output: LocalOptions`,
/// `cache: CacheOptions` and `deadline: TimeoutOptions`, and reads them as `global`.
package protocol ReadsProviders {
    var output: LocalOptions { get }
    var cache: CacheOptions { get }
    var deadline: TimeoutOptions { get }
}

extension ReadsProviders {
    package var global: GlobalOptions { GlobalOptions(output: output, cache: cache, deadline: deadline) }
}

/// A command whose requests a send policy may hold (crypto's credit budget, `line`, the root
/// command): `ReadsProviders` and `wait: WaitOptions`, which no other command's help lists.
package protocol MayWait: ReadsProviders {
    var wait: WaitOptions { get }
}

extension MayWait {
    package var global: GlobalOptions { GlobalOptions(output: output, cache: cache, deadline: deadline, noWait: wait.noWait) }
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

/// `--timeout`: the network time a command that reads providers may take.
package struct TimeoutOptions: ParsableArguments {
    package init() {}

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Total time the command may take on the network, every request and wait included; a wait for credits that cannot fit is refused at once. Without it, each request gets 20 s and a credit wait adds its own length.",
            valueName: "seconds"))
    package var timeout: TypedNumber<TimeoutNumber>?

    /// `--timeout` in seconds (validated).
    package var seconds: Double? { (try? timeout?.value()) ?? nil }

    package func validate() throws {
        try validating { _ = try timeout?.value() }
    }
}

/// `--no-wait` (`MayWait`).
package struct WaitOptions: ParsableArguments {
    package init() {}

    @Flag(name: .customLong("no-wait"), help: OptionHelp.noWait)
    package var noWait = false
}

/// The help of the options several groups offer, said once.
enum OptionHelp {
    static let offline: ArgumentHelp = "Never touch the network: answer from the cache, then sample data."
    static let refresh: ArgumentHelp = "Skip the cache read and fetch fresh data."
    static let maxAge = ArgumentHelp("Treat cached data older than this as stale.", valueName: "seconds")
    static let noWait: ArgumentHelp = "When the Twelve Data credits are spent and nothing is cached, exit 75 instead of waiting."
    static let noColor: ArgumentHelp = "No ANSI colour."
    static let verbose: ArgumentHelp = "Log requests (keys redacted), cache decisions and timings to stderr."
}

/// Options of a full-screen or guided session (the deals browser; with `WaitOptions`, the app and
/// the menu): how the network and the cache are used and how it looks.
/// No `--json` (a session draws; it prints no document) and no `--timeout` (each of its requests
/// gets its own time).
package struct SessionOptions: RunOptions, ParsableArguments {
    package init() {}

    @OptionGroup package var cache: CacheOptions

    @Flag(name: .customLong("no-color"), help: OptionHelp.noColor)
    package var noColor = false

    @Flag(name: .shortAndLong, help: OptionHelp.verbose)
    package var verbose = false

    package var settings: RunSettings {
        RunSettings(offline: cache.offline, refresh: cache.refresh, maxAge: cache.seconds, noColor: noColor, verbose: verbose)
    }

    /// The settings with `--no-wait` as given.
    package func settings(_ wait: WaitOptions) -> RunSettings {
        var settings = settings
        settings.noWait = wait.noWait
        return settings
    }
}

/// Options of a command that never reads a provider (exams, profile, saved cities, the cache):
/// only those that can change what it does — no network options in its help.
package struct LocalOptions: RunOptions, ParsableArguments {
    package init() {}

    @Flag(help: "Print one JSON document instead of tables.")
    package var json = false

    @Flag(name: .customLong("no-color"), help: OptionHelp.noColor)
    package var noColor = false

    @Flag(name: .shortAndLong, help: OptionHelp.verbose)
    package var verbose = false

    package var settings: RunSettings { RunSettings(json: json, noColor: noColor, verbose: verbose) }
}
