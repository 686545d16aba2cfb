import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the folder of recorded responses, wherever the binary runs from.
///
/// Order: `ALMANAC_FIXTURES`; a `Fixtures/` folder (holding `README.md`) in any parent of the
/// executable's real path (the package checkout); `<prefix>/share/almanac/Fixtures` beside an
/// installed binary; the current folder and its parents.
public enum FixtureLocator {
    public static func locate(environment: Environment, executablePath: String?) -> URL? {
        if let explicit = environment["ALMANAC_FIXTURES"] {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        // Paths as text, checked with access(2): this runs before every sample-data command, and
        // URL and FileManager calls cost more than the rest of the search.
        var starts: [String] = []
        if let executablePath {
            let folder = parent(realPath(executablePath))
            let installed = parent(folder) + "/share/almanac/Fixtures"
            if isFixtureFolder(installed) { return URL(fileURLWithPath: installed, isDirectory: true) }
            starts.append(folder)
        }
        starts.append(FileManager.default.currentDirectoryPath)
        for start in starts {
            var folder = start
            for _ in 0..<8 {
                let candidate = (folder == "/" ? "" : folder) + "/Fixtures"
                if isFixtureFolder(candidate) { return URL(fileURLWithPath: candidate, isDirectory: true) }
                let up = parent(folder)
                if up == folder { break }
                folder = up
            }
        }
        return nil
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
