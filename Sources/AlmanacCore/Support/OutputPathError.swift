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
    package static func requireParent(of url: URL) throws {
        let parent = url.standardizedFileURL.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw OutputPathError.noFolder(parent.path)
        }
    }
}
