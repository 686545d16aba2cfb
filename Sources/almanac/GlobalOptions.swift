import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import AlmanacUI
import ArgumentParser
import Foundation

/// Options every command accepts.
struct GlobalOptions: ParsableArguments {
    @Flag(help: "Never touch the network: answer from the cache, then sample data.")
    var offline = false

    @Flag(help: "Skip the cache read and fetch fresh data.")
    var refresh = false

    @Option(name: .customLong("max-age"), help: ArgumentHelp("Treat cached data older than this as stale.", valueName: "seconds"))
    var maxAge: Double?

    @Flag(help: "Print one JSON document instead of tables.")
    var json = false

    @Flag(name: .customLong("no-color"), help: "No ANSI colour.")
    var noColor = false

    @Flag(name: .shortAndLong, help: "Log requests (keys redacted), cache decisions and timings to stderr.")
    var verbose = false

    @Flag(name: .customLong("no-wait"), help: "When the Twelve Data credits are spent and nothing is cached, exit 75 instead of waiting.")
    var noWait = false

    @Option(help: ArgumentHelp("Total time allowed for one request.", valueName: "seconds"))
    var timeout: Double?

    func validate() throws {
        if let maxAge, maxAge < 0 || !maxAge.isFinite { throw ValidationError("--max-age must be zero or more seconds.") }
        if let timeout, timeout <= 0 || timeout > 600 { throw ValidationError("--timeout must be between 0 and 600 seconds.") }
    }
}
