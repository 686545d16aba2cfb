import AlmanacCore
import DealTable
import Foundation

extension DealBrowser {
    /// Keys while the groups or statistics are shown: ↑↓ choose a group, `s` orders the groups
    /// by the next column and `r` the other way round, `Enter` opens the table filtered to the
    /// chosen one (`Esc` there returns here), `Esc`, `F` or `I` go back to the rows, `q`
    /// quits; any other key goes back to the rows and acts there (`/` opens the filter).
    func handleSummary(_ key: Key) -> Bool {
        guard let summary else { return false }
        switch key {
        case .character("q"), .character("Q"): return true
        case .up: summary.move(-1)
        case .down: summary.move(1)
        case .pageUp: summary.move(-10)
        case .pageDown: summary.move(10)
        case .character("s") where summary.kind == .groups: summary.reorder(next: true)
        case .character("r") where summary.kind == .groups: summary.reorder(next: false)
        case .enter:
            guard let name = summary.selectedName else { return false }
            applyFilter(name)
            (self.summary, drilledIn) = (nil, true)
        case .escape, .character("F"), .character("i"), .character("I"): self.summary = nil
        default:  // any other key is the table's: back to the rows, where it acts (`/` filters)
            self.summary = nil
            return handle(key)
        }
        return false
    }
}
