import AlmanacClient
import AlmanacCore
import AlmanacProviders
import Crypto
import Foundation
import FrontKit
import TerminalKit

/// Crypto: the watchlist kept fresh within the credit budget (`PriceWatch`: marks on rows that
/// moved, the portfolio's totals, alerts set off); a coin's page with a date form and its daily
/// chart; adding by name or symbol with suggestions (`a`); removing after a question (`d`).
package final class CryptoTab: AppTab {
    package let title = "Crypto"
    let context: FrontContext
    let service: CryptoService
    let watch: PriceWatch
    /// The latest update: the watchlist's prices, the portfolio at them, the alerts set off.
    let prices = Loader<PriceWatch.Update>()
    let sparks = Loader<[String: [Double]]>()
    let catalogue = Loader<[TwelveDataDTO.Pair]>()
    let history = Loader<PriceHistory>()
    let action = Loader<String>(saves: true)
    private var scroller = Scroller()
    private var pageScroller = Scroller()
    /// The coin whose page is open, with the range asked for (nil: the last 7 days).
    private var page: (symbol: String, from: String?, to: String?)?
    private var form: Form?
    private var adding: LineField?
    private var suggestion = 0
    private var choice: Choice<TwelveDataDTO.Pair>?
    private var question: (Confirmation, String)?

    package init(context: FrontContext) {
        self.context = context
        self.service = CryptoService(context: context.app)
        self.watch = PriceWatch(service: service)
    }

    package var capturesKeys: Bool { form != nil || adding != nil || choice != nil || question != nil }
    package var pending: Int {
        let loading: [Bool] = [prices.isUpdating, history.isLoading, sparks.isLoading, catalogue.isLoading, action.isLoading]
        return loading.filter { $0 }.count
    }
    package var problem: String? { action.failure ?? (page != nil ? history.failure : prices.failure) }

    package var concerns: Set<String> { [service.priceSources.name] }

    package var source: String? {
        let now = context.clock.now()
        let answer =
            page != nil ? history.value.map { ($0.provenance, $0.provider) } : prices.value.map { ($0.prices.provenance, $0.prices.provider) }
        guard let label = answer.map({ $0.1.brand + ": " + $0.0.label(now: now) }) else { return nil }
        guard page == nil, let next = nextUpdate, !prices.isUpdating else { return label }
        let seconds = Int(rounding: max(0, next.timeIntervalSince(now)), .up)
        return label + " · next update in \(seconds) s"
    }

    /// When the watchlist updates on its own next; nil before the first update lands, and with
    /// sample data (its prices never change).
    private(set) var nextUpdate: Date?
    /// The rows that moved in the last update, by symbol.
    private(set) var moves: [String: PriceWatch.Move] = [:]
    /// Landings of `prices` already reacted to.
    private var pricesSeen = 0
    /// What the last update could spend (spaces the next one).
    private var credits = 1
    /// The prices before the last update, to mark what moved.
    private var previous: WatchlistPrices?

    package func activate() {
        if prices.value == nil, !prices.isLoading { reload() }
    }

    /// Leaving the tab cancels the history and catalogue loads; the watch goes on (alerts).
    package func deactivate() {
        history.cancel()
        catalogue.cancel()
    }

    private func reload() {
        let (service, watch) = (self.service, self.watch)
        let sparks = self.sparks
        let now = context.clock.now()
        let portfolio = prices.value?.portfolio
        prices.load { stale in
            let update = try await watch.update { stale(PriceWatch.Update(prices: $0, portfolio: portfolio, at: now, credits: 0)) }
            if sparks.value == nil || update.prices.rows.contains(where: { sparks.value?[$0.symbol] == nil }) {
                sparks.load { _ in try await Self.sparklines(update.prices, service) }
            }
            return update
        }
    }

    /// The last 7 closes of each pair, as far as they are known without spending a credit.
    static func sparklines(_ prices: WatchlistPrices, _ service: CryptoService) async throws -> [String: [Double]] {
        var closes: [String: [Double]] = [:]
        for row in prices.rows where row.error == nil { closes[row.symbol] = await service.recentCloses(row.symbol) }
        return closes
    }

    // MARK: - Keys

    package func handle(_ key: Key) -> Bool {
        if adding != nil { return handleAdd(key) }
        if choice != nil { return handleChoice(key) }
        if form != nil { return handleForm(key) }
        if let (confirmation, symbol) = question {
            guard let yes = confirmation.answer(key) else { return true }
            question = nil
            if yes { remove(symbol) }
            return true
        }
        if page != nil { return handlePage(key) }
        let rows = prices.value?.prices.rows ?? []
        switch key {
        case .enter:
            guard rows.indices.contains(scroller.selected) else { return true }
            openPage(rows[scroller.selected].symbol, from: nil, to: nil)
        case .character("a"):
            adding = LineField("Add a pair (symbol, pair or name):")
            suggestion = 0
            if catalogue.value == nil, !catalogue.isLoading { catalogue.load { [service] _ in try await service.catalogue() } }
        case .character("d"):
            guard rows.indices.contains(scroller.selected) else { return true }
            let row = rows[scroller.selected]
            question = (Confirmation("Remove \(row.symbol) (\(row.name)) from the watchlist?"), row.symbol)
        case .character("u"): reload()
        default: return scroller.handle(key, count: rows.count, page: 10)
        }
        return true
    }

    private func handlePage(_ key: Key) -> Bool {
        guard let page else { return false }
        switch key {
        case .escape, .backspace:
            self.page = nil
            history.cancel()
        case .character("f"), .enter:
            let today = (try? service.today()) ?? LocalDate.local(context.clock.now())
            let shown = history.value?.range
            form = Form(
                "Prices of \(page.symbol) from … to …",
                fields: [
                    LineField("From (YYYY-MM-DD):", text: page.from ?? shown.map { "\($0.lowerBound)" } ?? "") { text in
                        LineField.problem { _ = try DateInput.parse(text, today: today, field: .from) }
                    },
                    LineField("To (YYYY-MM-DD):", text: page.to ?? shown.map { "\($0.upperBound)" } ?? "") { text in
                        LineField.problem { _ = try DateInput.parse(text, today: today, field: .to) }
                    },
                ],
                validate: { values in LineField.problem { _ = try DateInput.range(from: values[0], to: values[1], today: today, defaultDays: 7) } })
        default: return pageScroller.handle(key, count: nil, page: 10)
        }
        return true
    }

    private func handleForm(_ key: Key) -> Bool {
        guard var editing = form, let page else { return false }
        switch editing.handle(key) {
        case .editing: form = editing
        case .cancelled: form = nil
        case .submitted(let values):
            form = nil
            openPage(page.symbol, from: values[0], to: values[1])
        }
        return true
    }

    private func openPage(_ symbol: String, from: String?, to: String?) {
        page = (symbol, from, to)
        pageScroller = Scroller()
        history.load { [service] _ in try await service.history(symbol, from: from, to: to) }
    }

    /// Suggestions for what is typed so far.
    private var suggestions: [TwelveDataDTO.Pair] {
        guard let adding, let pairs = catalogue.value else { return [] }
        return PairResolver.startingWith(adding.text, in: pairs)
    }

    private func handleAdd(_ key: Key) -> Bool {
        guard var field = adding else { return false }
        let offered = suggestions
        switch key {
        case .up: suggestion = max(0, suggestion - 1)
        case .down: suggestion = min(max(0, offered.count - 1), suggestion + 1)
        default:
            switch field.handle(key) {
            case .editing:
                adding = field
                suggestion = 0
            case .cancelled: adding = nil
            case .submitted(let text):
                adding = nil
                let query = offered.indices.contains(suggestion) ? offered[suggestion].symbol : text
                // Several pairs for a name: the choice is made here, before anything is saved.
                if let pairs = catalogue.value, case .several(let matches) = PairResolver.resolve(query, in: pairs) {
                    choice = Choice("Several pairs match \"\(query)\":", items: matches) { $0.choiceText }
                } else {
                    add(query)
                }
            }
        }
        return true
    }

    private func handleChoice(_ key: Key) -> Bool {
        guard var list = choice else { return false }
        switch list.handle(key) {
        case .choosing: choice = list
        case .cancelled: choice = nil
        case .picked(let pair, _):
            choice = nil
            add(pair.symbol)
        }
        return true
    }

    private func add(_ query: String) {
        action.load { [service] _ in
            let (item, added) = try await service.add(query, pick: nil, chooser: nil)
            return added ? "Added \(item.symbol) (\(item.name))." : "\(item.symbol) is already in the watchlist."
        }
    }

    /// Removes `symbol` in the background: a durable save waits for the disk, which must not
    /// hold a frame (docs/architecture.md §5).
    private func remove(_ symbol: String) {
        action.load { [service] _ in "Removed \(try service.remove(symbol).symbol)." }
    }

    /// A pair added or removed in the background: the list is read again once. An update that landed
    /// marks what moved and sets the next; a due update starts (whether the tab is shown or not).
    package func tick() {
        if action.landedSince(&actionSeen), case .loaded = action.current { reload() }
        if prices.landedSince(&pricesSeen) {
            // A failed update (no network) is tried again after the same interval.
            if case .loaded(let update, stale: false) = prices.current {
                moves = PriceWatch.moves(from: previous, to: update.prices)
                previous = update.prices
                credits = update.credits
            }
            nextUpdate = watch.nextUpdate(after: context.clock.now(), credits: credits)
        }
        if let next = nextUpdate, context.clock.now() >= next, !prices.isUpdating {
            nextUpdate = nil
            reload()
        }
    }

    /// Landings of `action` already reacted to.
    private var actionSeen = 0

    // MARK: - Drawing

    package func body(width: Int, height: Int) -> [String] {
        let style = context.style
        if let form { return [""] + form.lines(style: style, width: width) }
        if let choice { return [""] + choice.lines(style: style) }
        if let adding { return addBody(adding, width: width) }
        if let page { return pageBody(page.symbol, width: width, height: height) }
        return listBody(width: width, height: height)
    }

    /// The views' style for this tab's area: footers wrap at `width`.
    private func style(width: Int) -> Style {
        var style = context.style
        style.columns = width
        return style
    }

    private func listBody(width: Int, height: Int) -> [String] {
        let style = style(width: width)
        guard let update = prices.value else {
            return [style.bold("Watchlist"), "", prices.failure.map { style.red($0) } ?? "Loading prices…"]
        }
        let prices = update.prices
        let text = CryptoView.watchlist(
            prices, style: style, now: context.clock.now(), moves: watch.refreshes ? moves : nil, portfolio: update.portfolio)
        var lines = split(text)
        let closes = sparks.value ?? [:]
        for (index, row) in prices.rows.enumerated() where 2 + index < lines.count {
            let spark = LineChart.sparkline(closes[row.symbol] ?? [], width: 14, unicode: style.unicode)
            let rising = (closes[row.symbol]?.last ?? 0) >= (closes[row.symbol]?.first ?? 0)
            lines[2 + index] += "  " + (rising ? style.green(spark) : style.red(spark))
        }
        var footer: [String] = []
        if let (confirmation, _) = question {
            footer = confirmation.lines(style: style)
        } else if let message = action.value, case .loaded = action.current {
            footer = ["", style.green(message)]
        }
        let items = Scroller.tableRows(count: prices.rows.count)
        return [style.bold("Watchlist"), ""] + scroller.window(lines, height: max(1, height - 2 - footer.count), itemLines: items, style: style)
            + footer
    }

    private func pageBody(_ symbol: String, width: Int, height: Int) -> [String] {
        let style = style(width: width)
        guard let history = history.value, history.symbol == symbol else {
            return [style.bold(symbol), "", self.history.failure.map { style.red($0) } ?? "Loading prices…"]
        }
        let text = CryptoView.history(history, ohlc: false, style: style, chart: true, now: context.clock.now())
        return pageScroller.window(split(text), height: height, style: style)
    }

    private func addBody(_ field: LineField, width: Int) -> [String] {
        let style = context.style
        var lines = [""] + field.lines(style: style, width: width).map { "  " + $0 } + [""]
        if catalogue.value == nil {
            lines.append(style.dim(catalogue.failure ?? "  Loading the pair catalogue…"))
        }
        for (index, pair) in suggestions.enumerated() {
            let line = "    \(pair.choiceText)"
            lines.append(index == suggestion ? Scroller.highlight(line, style: style) : line)
        }
        let keys = self.style(width: width - 2).footer(["↑↓ choose a suggestion", "Enter add", "Esc cancel"]).split(separator: "\n").map { "  " + $0 }
        return lines + [""] + keys
    }

    private func split(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    package var hints: [String] {
        if adding != nil || choice != nil { return ["↑↓ choose", "Enter add", "Esc cancel"] }
        if form != nil { return ["Enter next/show", "Esc cancel"] }
        if question != nil { return ["y yes", "n no"] }
        if page != nil { return ["f dates", "↑↓ scroll", "Esc back"] }
        return ["↑↓ choose", "Enter open", "a add", "d remove", "u update"]
    }

    package var keyHelp: [String] {
        [
            "↑ ↓        choose a pair", "Enter      its page: daily prices and a chart",
            "f          on a page: change the dates (checked as you type)", "a          add a pair by symbol or name (suggestions as you type)",
            "d          remove the pair (asks first)", "u          update the prices", "Esc        back",
        ]
    }
}
