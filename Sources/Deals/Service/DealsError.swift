import Foundation

/// A deal source that gave nothing (docs/architecture.md §8).
package enum DealsError: Error, CustomStringConvertible, Sendable {
    /// The source failed before any deal arrived, for this reason. Exit 69.
    case sourceFailed(String)
    /// A source file that does not exist or cannot be read, with why. Exit 66.
    case noInput(path: String, reason: String)

    /// The source file's error before any deal is read: nil when `url` can be opened.
    package static func checkReadable(_ url: URL) -> DealsError? {
        guard FileManager.default.fileExists(atPath: url.path) else { return .noInput(path: url.path, reason: "there is no such file") }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            return .noInput(path: url.path, reason: "it cannot be read (permission denied)")
        }
        return nil
    }

    package var description: String {
        switch self {
        case .sourceFailed(let reason): "Could not read deals: \(reason)" + (reason.hasSuffix(".") ? "" : ".")
        case .noInput(let path, let reason): "Could not read deals from \(path): \(reason)."
        }
    }
}
