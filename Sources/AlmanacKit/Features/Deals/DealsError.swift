import Foundation

/// A deal source that gave nothing: exit 69 (docs/architecture.md §8).
package enum DealsError: Error, CustomStringConvertible, Sendable {
    /// The source failed before any deal arrived, for this reason.
    case sourceFailed(String)

    package var description: String {
        switch self {
        case .sourceFailed(let reason): "Could not read deals: \(reason)" + (reason.hasSuffix(".") ? "" : ".")
        }
    }
}
