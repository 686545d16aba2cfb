import AlmanacCore
import DealTable
import Deals
import Foundation
import FrontKit
import Synchronization
import TerminalKit

package struct DealsScreen: MenuScreen {
    package let context: FrontContext

    package init(context: FrontContext) {
        self.context = context
    }
    /// The chosen sort, kept while the screen is open.
    package final class Sort: Sendable {
        private let state = Mutex((column: DealColumn.date, descending: true))
        var column: DealColumn {
            get { state.withLock { $0.column } }
            set { state.withLock { $0.column = newValue } }
        }
        var descending: Bool {
            get { state.withLock { $0.descending } }
            set { state.withLock { $0.descending = newValue } }
        }
    }
    package let sort = Sort()

    package var title: String { "Deals (sorted \(order.words))" }
    /// The order the list and the browser use, in words and as `deals top`'s flags.
    private var order: (words: String, flags: String) {
        let column = sort.column.title.lowercased()
        return ("by \(column), \(sort.descending ? "descending" : "ascending")", "--sort \(sort.column.rawValue)\(sort.descending ? "" : " --asc")")
    }
    package var choices: [String] {
        ["Top 20 rows of 100,000 deals \(order.words)", "Choose the sort column", "Flip the direction", "Browse full screen"]
    }
    package var help: [String] {
        [
            "Streams 100,000 deals and shows the first 20 \(order.words). Same as: almanac deals top --count 100000 \(order.flags)",
            "Asks for a column: date, instrument, price, amount or side.",
            "Switches between ascending and descending.",
            "The live table on the whole terminal (q to come back). Same as: almanac deals browse \(order.flags)",
        ]
    }

    package func choose(_ index: Int, io: MenuIO) async -> MenuNavigation {
        await attempt(io) {
            switch index {
            case 0:
                let feed = DealFeed(source: .server(count: 100_000, seed: 42, pace: 0), column: sort.column, descending: sort.descending)
                feed.start()
                try await feed.drain()
                io.say(
                    DealsView.table(
                        feed.store.window(offset: 0, count: 20), column: sort.column, descending: sort.descending,
                        total: feed.store.count, style: context.style))
            case 1:
                let names = DealColumn.allCases.map(\.rawValue).joined(separator: ", ")
                let chosen = io.askValid("Column (\(names)):") { text -> DealColumn in
                    guard let column = DealColumn(rawValue: text.lowercased()) else { throw UsageError("Type one of: \(names).") }
                    return column
                }
                guard let column = chosen else { return }
                sort.column = column
                io.say("Sorting by \(column.title.lowercased()).")
            case 2:
                sort.descending.toggle()
                io.say("Now \(sort.descending ? "descending" : "ascending").")
            default:
                guard context.interactive else { return io.error("Browsing needs a terminal; use the top rows instead.") }
                let feed = DealFeed(source: .server(count: 1_000_000, seed: 42, pace: 2000), column: sort.column, descending: sort.descending)
                try await DealBrowser(feed: feed, style: context.style).run(
                    options: context.configuration.transport, term: context.configuration.environment["TERM"])
            }
        }
        return .stay
    }
}
