import AlmanacCore
import AlmanacHTTP
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the folder of recorded responses, wherever the binary runs from.
///
/// Order: `ALMANAC_FIXTURES` (replaces every other set); `<prefix>/share/almanac/Fixtures` beside
/// an installed binary (`<prefix>/bin/almanac`); a `Fixtures/` folder (holding `README.md`) in any
/// parent of the executable's real path (the package checkout, for `swift run`), then of the
/// current folder; `ALMANAC_FIXTURES_DIR`.
package enum FixtureLocator {
    /// How the folder was found, for `almanac doctor`.
    package enum Origin: String, Sendable, Codable {
        /// Named by the variable.
        case variable = "ALMANAC_FIXTURES"
        /// `share/almanac/Fixtures` beside an installed binary.
        case installed = "installed beside the program"
        /// The source checkout the binary was built in.
        case checkout = "the checkout's Fixtures/"
        /// The fallback variable, looked at last.
        case fallback = "ALMANAC_FIXTURES_DIR"
    }

    /// The sample data folder, searched in the order of `Origin`; nil when there is none.
    package static func locate(environment: Environment, executablePath: String?) -> URL? {
        find(environment: environment, executablePath: executablePath)?.url
    }

    /// The folder and how it was found; nil when there is none.
    package static func find(environment: Environment, executablePath: String?) -> (url: URL, origin: Origin)? {
        if let explicit = environment["ALMANAC_FIXTURES"] {
            return (URL(fileURLWithPath: explicit, isDirectory: true), .variable)
        }
        // Paths as text, checked with access(2): this runs before every sample-data command, and
        // URL and FileManager calls cost more than the rest of the search.
        var starts: [String] = []
        if let executablePath {
            let folder = parent(realPath(executablePath))
            let installed = parent(folder) + "/share/almanac/Fixtures"
            if isFixtureFolder(installed) { return (URL(fileURLWithPath: installed, isDirectory: true), .installed) }
            starts.append(folder)
        }
        starts.append(Invocation.directory)
        for start in starts {
            var folder = start
            for _ in 0..<8 {
                let candidate = (folder == "/" ? "" : folder) + "/Fixtures"
                if isFixtureFolder(candidate) { return (URL(fileURLWithPath: candidate, isDirectory: true), .checkout) }
                let up = parent(folder)
                if up == folder { break }
                folder = up
            }
        }
        if let fallback = environment["ALMANAC_FIXTURES_DIR"], isFixtureFolder(fallback) {
            return (URL(fileURLWithPath: fallback, isDirectory: true), .fallback)
        }
        return nil
    }

    /// How the program was installed: `CHANNEL` beside the installed sample data
    /// (`<prefix>/share/almanac/CHANNEL`: `deb` written by `make deb`, `tarball` by `make dist`),
    /// else `source` (`make install`, or run from a checkout's build).
    package static func channel(executablePath: String?) -> String {
        guard let executablePath else { return "source" }
        let prefix = parent(parent(realPath(executablePath)))
        guard let channel = text(atPath: prefix + "/share/almanac/CHANNEL"), ["deb", "tarball"].contains(channel) else { return "source" }
        return channel
    }

    /// The commit the program was built from: `COMMIT` beside the installed sample data
    /// (`<prefix>/share/almanac/COMMIT`, written by `make install` and `make dist`), else the
    /// checkout's `.git` (HEAD, its ref file or `packed-refs`); nil when neither says.
    package static func commit(executablePath: String?) -> String? {
        guard let executablePath else { return nil }
        let folder = parent(realPath(executablePath))
        if let commit = text(atPath: parent(folder) + "/share/almanac/COMMIT"), !commit.isEmpty { return commit }
        var start = folder
        for _ in 0..<8 {
            if let commit = gitHead(start + "/.git") { return commit }
            let up = parent(start)
            if up == start { break }
            start = up
        }
        return nil
    }

    /// The commit a `.git` folder's HEAD names (12 hex digits), if it is a checkout.
    private static func gitHead(_ git: String) -> String? {
        guard let head = text(atPath: git + "/HEAD") else { return nil }
        guard head.hasPrefix("ref: ") else { return String(head.prefix(12)) }
        let ref = String(head.dropFirst(5))
        if let sha = text(atPath: git + "/" + ref) { return String(sha.prefix(12)) }
        let line = text(atPath: git + "/packed-refs")?.split(separator: "\n").first { $0.hasSuffix(" " + ref) }
        return line.map { String($0.prefix(12)) }
    }

    /// A small text file's contents without the white space around them; nil when unreadable.
    private static func text(atPath path: String) -> String? {
        FileBytes.read(atPath: path).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    static func isFixtureFolder(_ path: String) -> Bool {
        access(path + "/README.md", F_OK) == 0
    }

    /// The absolute path with every symbolic link resolved; the path itself when that fails.
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder holding `path` (`/` for `/` and for a top-level name).
    private static func parent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
