import AlmanacProviders
import DealTable
import FrontKit
import TerminalKit

extension DealBrowser {
    /// Keys while the groups or statistics are shown: ↑↓ choose a group, `s` orders the groups
    /// by the next column and `r` the other way round, `b` groups by instrument, side or both,
    /// `Enter` opens the table filtered to the chosen one (`Esc` there returns here), `Esc`, `F` or `I` go back to the rows, `q`
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
        case .character("b") where summary.kind == .groups: summary.regroup()
        case .enter:
            guard let group = summary.selectedGroup else { return false }
            let previous = filterText  // the group's deals: the filter shown, narrowed to the group
            applyFilter(DealFilter.narrowing(previous, instrument: group.instrument, side: group.side, today: today))
            (self.summary, drilledFrom) = (nil, previous)
        case .escape, .character("F"), .character("i"), .character("I"): self.summary = nil
        default:  // any other key is the table's: back to the rows, where it acts (`/` filters)
            self.summary = nil
            return handle(key)
        }
        return false
    }

    /// `Esc` in the table: the filter goes; in a group opened from the groups, back to them,
    /// under the filter they were shown with.
    func clearFilter() {
        if let previous = drilledFrom {
            applyFilter(previous)
            (summary, drilledFrom, message) = (panels.groups, nil, nil)
            return
        }
        let store = feed.store
        if !store.filter.isEmpty || store.filterPending != nil { message = "Filter cleared." }
        filterText = ""
        store.filterInBackground(DealFilter())
    }
}
