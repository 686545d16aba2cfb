import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

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
        var starts: [URL] = []
        if let executablePath {
            let real = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
            let folder = real.deletingLastPathComponent()
            let installed = folder.deletingLastPathComponent().appendingPathComponent("share/almanac/Fixtures")
            if isFixtureFolder(installed) { return installed }
            starts.append(folder)
        }
        starts.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
        for start in starts {
            var folder = start
            for _ in 0..<8 {
                let candidate = folder.appendingPathComponent("Fixtures")
                if isFixtureFolder(candidate) { return candidate }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        return nil
    }

    static func isFixtureFolder(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("README.md").path)
    }
}
