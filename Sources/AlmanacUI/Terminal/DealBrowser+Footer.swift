import AlmanacCore
import Foundation

extension DealBrowser {
    /// The footer in `width` cells: `q quit` and `? keys` always; then the status parts by
    /// priority (where the window is, what arrived, the rate); then the other hints that fit.
    static func footer(status: [String], width: Int) -> String {
        let separator = " · "
        func length(_ parts: [String]) -> Int { parts.map { Style.width($0) }.reduce(0, +) + separator.count * max(0, parts.count - 1) }
        let required = Array(hints.prefix(2))
        var shown = Set<Int>()
        for index in [2, 0, 1] where index < status.count {
            let parts = status.indices.filter { shown.contains($0) || $0 == index }.map { status[$0] }
            if length(parts + required) <= width { shown.insert(index) }
        }
        let statusParts = status.indices.filter(shown.contains).map { status[$0] }
        var kept = required
        for hint in hints.dropFirst(2) where length(statusParts + kept + [hint]) <= width { kept.append(hint) }
        return (statusParts + kept).joined(separator: separator)
    }
}
