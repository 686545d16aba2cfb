import Foundation

/// An output path that cannot be written. Exit 73.
package enum OutputPathError: Error, Equatable, CustomStringConvertible, Sendable {
    case noFolder(String)

    package var description: String {
        switch self {
        case .noFolder(let path): "No folder \(path); create it first."
        }
    }

    /// Throws unless the folder holding `url` exists.
    /// The one rule for a file the program writes (docs/architecture.md §9, "Input rules"): its
    /// folder exists (else `noFolder`, exit 73) and an existing file is replaced only when
    /// `replacing` (`--force`), else `FileError.exists` (exit 73).
    package static func requireTarget(_ url: URL, replacing: Bool) throws {
        try requireParent(of: url)
        if !replacing, FileManager.default.fileExists(atPath: url.path) { throw FileError.exists(url.path) }
    }

    package static func requireParent(of url: URL) throws {
        let parent = url.standardizedFileURL.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw OutputPathError.noFolder(parent.path)
        }
    }
}
