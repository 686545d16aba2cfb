import AlmanacCore
import ArgumentParser
import Foundation
import FrontKit

#if canImport(Glibc)
    import Glibc
#endif

/// `almanac serve`'s options; `almanac-server` parses the same (docs/serve.md).
package struct ServeOptions: ParsableArguments {
    package init() {}

    /// The port wttr.in's URLs are answered on when none is given.
    package static let defaultPort = 8017

    @Option(help: ArgumentHelp("The TCP port for wttr.in's URLs; 0 takes any free one (the log names it).", valueName: "port"))
    package var port = ServeOptions.defaultPort

    @Option(
        help: ArgumentHelp(
            "Listen on this address instead of 127.0.0.1: anyone who reaches it reads the weather through your keys.", valueName: "address"))
    package var listen: String?

    @Flag(name: .shortAndLong, help: "Log each request's arguments and timings too, not only one line.")
    package var verbose = false

    @Flag(
        help:
            "Check the official warnings of every saved city and the price alerts each minute (ALMANAC_NOTIFY_EVERY seconds), and send a desktop notification for each new or changed one, once."
    )
    package var notify = false

    /// The address to bind: `--listen`, else loopback.
    package var address: String { listen ?? "127.0.0.1" }

    package func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port).") }
        if let listen, listen.isEmpty || listen.contains("/") {
            throw ValidationError("--listen must be an address such as 0.0.0.0, not \"\(listen)\".")
        }
    }

    /// The options as `almanac-server` takes them.
    package var arguments: [String] {
        ["--port", String(port)] + (listen.map { ["--listen", $0] } ?? []) + (verbose ? ["--verbose"] : []) + (notify ? ["--notify"] : [])
    }
}

/// Why `almanac serve` did not start its server.
enum ServeStartError: Error, CustomStringConvertible, CommandLineError {
    case notInstalled(looked: [String])
    case cannotStart(path: String, reason: String)

    var description: String {
        switch self {
        case .notInstalled(let looked):
            "The server program is not installed (looked for \(looked.joined(separator: " and "))); make install puts it there."
        case .cannotStart(let path, let reason): "Could not start \(path): \(reason)."
        }
    }

    var exitStatus: Int32? { ExitStatus.unavailable }
}

/// `almanac serve`: becomes `almanac-server` (the same process, `execv`), which holds the
/// resident server; signals reach it directly (docs/architecture.md §10, "The resident server").
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "The one resident process: wttr.in's URLs on 127.0.0.1 (curl 127.0.0.1:8017/Oslo?format=3).",
        discussion:
            "Runs in the foreground, one per ALMANAC_HOME, logging a line per request to stderr; SIGTERM or Ctrl+C stops it once the answers in flight are sent. docs/serve.md lists the URLs."
    )

    @OptionGroup var options: ServeOptions

    func run() throws {
        let path = try Self.serverPath()
        let arguments = [path] + options.arguments
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        execv(path, &argv)
        throw ServeStartError.cannotStart(path: path, reason: String(cString: strerror(errno)))
    }

    /// `almanac-server` beside this program (a build folder, or `bin` after `make install`), else
    /// in `libexec/almanac` beside that `bin` (`make install`, the tarball, the Debian package),
    /// else in `lib/almanac` (where Arch's packages keep a program's helpers: the AUR recipe).
    static func serverPath() throws -> String {
        let folder = URL(fileURLWithPath: Invocation.executablePath ?? "almanac").deletingLastPathComponent()
        let candidates = [
            folder.appendingPathComponent("almanac-server").path,
            folder.deletingLastPathComponent().appendingPathComponent("libexec/almanac/almanac-server").path,
            folder.deletingLastPathComponent().appendingPathComponent("lib/almanac/almanac-server").path,
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw ServeStartError.notInstalled(looked: candidates)
        }
        return found
    }
}
