import AlmanacCore
import AlmanacProviders
import DealTable
import Foundation
import FrontKit
import Synchronization
import TerminalKit

/// The deals table's summaries on screen (docs/architecture.md §8): `F` the groups (by instrument, side or both),
/// `I` the column statistics, in place of the rows, in `deals browse` and the app's Deals tab.
///
/// A summary is built off the drawing thread from a snapshot of the view (the filter shown
/// included), so a frame only takes the snapshot; the figures on screen stay until the next
/// ones land. While deals arrive or the filter changes it is built again, at most once a
/// second (`every`), as one of the store's big jobs (`DealStore.bigJobs`: never beside a
/// re-sort or a filter's sort). In the groups, ↑↓ choose one and `Enter` opens the table filtered to it.
final class DealSummaryPanel {
    /// What the panel shows.
    enum Kind { case groups, statistics }

    let kind: Kind
    /// The chosen group's place in the groups as shown.
    private(set) var selected = 0
    /// The groups' order (`s` the next, `r` the other way round) and the first group on screen.
    private(set) var order = DealSummaryView.GroupOrder.deals
    private(set) var reversed = false
    /// What the groups are by (`b` the next).
    private(set) var key = DealGroups.Key.instrument
    private var top = 0
    /// The last figures built, and the deals received when their snapshot was taken.
    private var shown: (groups: DealGroups?, statistics: DealStatistics?, received: Int)?
    /// `shown` as text for a width, made once a build lands (or the order or width changes)
    /// rather than every frame: a group table is a few milliseconds to lay out.
    private var rendered: (width: Int, lines: [String])?
    /// A build running on its thread; nil when none runs.
    private var building: Job<Built>?
    /// What the last build started from: deals received, the filter's text, when.
    private var lastStart: (received: Int, filter: String, at: Date)?

    /// Seconds between two builds while the table changes.
    static let every: TimeInterval = 1

    /// What a build hands over: the figures, and their table laid out on the build's thread for
    /// the width and order the panel was last drawn with (1–2 ms a frame would otherwise pay).
    private struct Built: Sendable {
        var shown: (groups: DealGroups?, statistics: DealStatistics?, received: Int)
        var table: (width: Int, order: DealSummaryView.GroupOrder, reversed: Bool, lines: [String])?
    }

    /// The width and style the panel was last drawn with.
    private var drawn: (width: Int, style: Style)?

    init(_ kind: Kind) { self.kind = kind }

    /// Takes a finished build, and starts the next when the table changed since the last one
    /// (and a second has passed); `wake` is called on the build's thread when it lands.
    func refresh(_ store: DealStore, filter: String, now: Date = Date(), wake: @escaping @Sendable () -> Void) {
        if let job = building, let result = job.take() {
            building = nil
            if let groups = result.shown.groups, groups.key != key {  // built by the grouping before `b`
                lastStart = nil
                return refresh(store, filter: filter, now: now, wake: wake)
            }
            let chosen = selectedName  // the chosen group stays chosen as the figures move
            (shown, rendered) = (result.shown, nil)
            if let table = result.table, table.order == order, table.reversed == reversed { rendered = (table.width, table.lines) }
            let groups = arranged
            selected = groups.firstIndex { $0.name == chosen } ?? min(selected, max(0, groups.count - 1))
        }
        guard building == nil else { return }
        if let last = lastStart, last.received == store.unfilteredCount, last.filter == filter, store.filterPending == nil { return }
        if let last = lastStart, now.timeIntervalSince(last.at) < Self.every { return }
        lastStart = (store.unfilteredCount, filter, now)
        let snapshot = store.snapshot()
        let (jobs, kind, key, drawn, sorting) = (store.bigJobs, kind, key, drawn, (order, reversed))
        building = Job.start(wake: wake) {
            let built = jobs.run {
                (kind == .groups ? snapshot.groups(by: key, activity: true) : nil, kind == .statistics ? snapshot.statistics() : nil)
            }
            var result = Built(shown: (built.0, built.1, snapshot.received))
            if let drawn {
                let lines = Self.render(result.shown, order: sorting, style: drawn.style, width: drawn.width - 2)
                result.table = (drawn.width, sorting.0, sorting.1, lines)
            }
            return result
        }
    }

    /// Moves the chosen group by `delta`, within the groups.
    func move(_ delta: Int) {
        let count = shown?.groups?.groups.count ?? 0
        selected = max(0, min(count - 1, selected + delta))
    }

    /// Orders the groups by the next column (`s`), or the other way round (`r`); the chosen
    /// group stays chosen.
    func reorder(next: Bool) {
        let name = selectedName
        if next {
            let orders = DealSummaryView.GroupOrder.allCases
            order = orders[(orders.firstIndex(of: order)! + 1) % orders.count]
            reversed = false
        } else {
            reversed.toggle()
        }
        rendered = nil
        if let name { selected = arranged.firstIndex { $0.name == name } ?? 0 }
    }

    /// Groups by the next of instrument, side, and both (`b`): built anew, the first group chosen.
    func regroup() {
        let keys = DealGroups.Key.allCases
        key = keys[(keys.firstIndex(of: key)! + 1) % keys.count]
        (shown, rendered, lastStart, selected) = (nil, nil, nil, 0)
    }

    /// The groups shown, in the order shown; empty in the statistics or before the groups land.
    private var arranged: [DealGroups.Group] {
        shown?.groups.map { DealSummaryView.sorted($0, by: order, reversed: reversed) } ?? []
    }

    /// The chosen group; nil in the statistics or before the groups land.
    var selectedGroup: DealGroups.Group? {
        let groups = arranged
        return groups.indices.contains(selected) ? groups[selected] : nil
    }

    /// The chosen group's name.
    var selectedName: String? { selectedGroup?.name }

    /// The panel's lines for a `width`×`height` area: the summary's table, the groups scrolled
    /// so the chosen one (marked `▶`) shows, and the keys below them.
    func lines(style: Style, width: Int, height: Int) -> [String] {
        guard let shown else {
            return ["", "  " + style.dim(kind == .groups ? "Grouping the deals by \(key.rawValue)…" : "Describing the columns…")]
        }
        drawn = (width, style)
        var fitted = style
        fitted.columns = width - 2
        if rendered?.width != width { rendered = (width, Self.render(shown, order: (order, reversed), style: fitted, width: width - 2)) }
        let table = rendered?.lines ?? []
        if shown.statistics != nil { return [""] + table.map { "  " + $0 } }
        let help = fitted.footer(["↑↓ choose", "Enter open", "s order", "r reverse", "b by", "Esc back"]).split(separator: "\n").map { "  " + $0 }
        let heading = max(0, table.count - 2 - (shown.groups?.groups.count ?? 0))  // its lines, above the header and rule
        let visible = max(1, height - 4 - heading - help.count)  // a blank, the heading, header and rule; a blank and the keys
        top = min(max(top, selected - visible + 1), selected)
        let rows = table.dropFirst(heading + 2).enumerated().dropFirst(top).prefix(visible).map { index, line in
            (index == selected ? style.bold("▶ ") : "  ") + line
        }
        return [""] + table.prefix(heading + 2).map { "  " + $0 } + rows + [""] + help
    }

    /// The summary's table as lines.
    private static func render(
        _ shown: (groups: DealGroups?, statistics: DealStatistics?, received: Int), order: (DealSummaryView.GroupOrder, Bool), style: Style,
        width: Int
    ) -> [String] {
        let (received, sorting) = (shown.received, order)
        let text =
            shown.statistics.map { DealSummaryView.statistics($0, received: received, style: style, width: width) }
            ?? shown.groups.map { DealSummaryView.groups($0, order: sorting.0, reversed: sorting.1, received: received, style: style, width: width) }
        return text?.split(separator: "\n").map(String.init) ?? []
    }
}
